import './styles.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

// As a transition, the first render yields to the browser between components instead of holding
// the main thread until the whole page is drawn (a phone stays responsive while the shop starts).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
