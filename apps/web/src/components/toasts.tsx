// The unstyled build: the default one injects a <style> tag, which our CSP rightly refuses.
import 'react-toastify/dist/ReactToastify.css';

import { ToastContainer } from 'react-toastify/unstyled';

/** The toast area, with the spec's options (§9): top-right, 5 s, pause on hover and focus loss. */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      theme="light"
    />
  );
}
