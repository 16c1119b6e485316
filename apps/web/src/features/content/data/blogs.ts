/** One question-and-answer card on the Blogs page. */
export interface BlogPost {
  /** Stable id, used as the React key and the heading's anchor. */
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
}

export const blogPosts: readonly BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Start by measuring rather than guessing. The React DevTools Profiler shows which components render, how often and how long each render takes, while the browser performance panel and Lighthouse show the cost of loading, parsing and painting.',
      'Most slowness comes from needless re-renders. Keep state as close as possible to the components that use it, split large contexts so a change in one value does not re-render every consumer, and give list items stable keys. Where a calculation or component is genuinely expensive, memoise it with useMemo, useCallback or memo, or let the React Compiler add memoisation automatically.',
      'Send less code to the browser. Split bundles by route and load heavy components on demand with lazy and Suspense, remove unused dependencies, and compress and size images properly.',
      'For long lists or large tables, use a virtualised list such as TanStack Virtual so that only the visible rows are rendered. Use useTransition or useDeferredValue to keep typing and clicking responsive while slower updates run in the background.',
    ],
  },
  {
    id: 'react-state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'The simplest option is local state with useState or useReducer, kept inside the component that needs it. When two sibling components need the same value, lift the state up to their closest common parent and pass it down as props.',
      'When many components at different depths need the same data, such as the signed-in user or the colour theme, context avoids passing props through every level. It works best for values that change rarely, because every consumer re-renders when the value changes.',
      'Some state belongs somewhere other than a component. Filters, search terms and the current page often belong in the URL, so they survive a refresh and can be shared as a link. Data fetched from a server is best handled by a server-state cache such as TanStack Query or SWR, which deals with caching, refetching and loading states for you.',
      'For complex client-side state shared across the whole app, an external store such as Zustand, Redux Toolkit or Jotai gives components fine-grained subscriptions and keeps update logic in one place.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    answer: [
      'Every JavaScript object has an internal link to another object, called its prototype. When you read a property that the object does not have itself, the engine looks on the prototype, then on the prototype of the prototype, and so on up the prototype chain until it finds the property or reaches null.',
      'This is how objects share behaviour. Arrays get map and filter from Array.prototype, and every object created with a constructor function or a class shares the methods stored on that constructor’s prototype rather than holding its own copies. You can also set the link directly with Object.create(proto) and read it with Object.getPrototypeOf(obj).',
      'The class syntax introduced in ES2015 is built on the same mechanism. When one class extends another, the child’s prototype object simply links to the parent’s prototype. Writing a property always creates or changes it on the object itself, so an object can override an inherited method without affecting the others that share the prototype.',
    ],
  },
  {
    id: 'never-set-state-directly',
    question: 'Why should you never set React state directly?',
    answer: [
      'Suppose a component holds a products array in state. Writing products = [...products, newProduct] only reassigns a local variable in the current render. React is not told that anything has changed, so it does not re-render, and on the next render the variable is set again from the value React has stored, losing your change.',
      'Mutating the existing array, for example with products.push(newProduct), is just as bad. React compares old and new state by reference, so if the array is the same object it may skip the update, and memoised children or effects that depend on it will not see the change.',
      'Calling setProducts([...products, newProduct]) gives React a new array and schedules a re-render, so the component and everything that depends on it update consistently. When the new value depends on the old one, use the updater form, setProducts((current) => [...current, newProduct]), so that several quick updates are not based on stale values.',
    ],
  },
  {
    id: 'unit-testing',
    question: 'What is unit testing, and why should you write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function, a hook or a single component, on its own. It sets up some input, runs the code and asserts that the result is what you expect. Dependencies like network calls or databases are usually replaced with simple fakes, so the tests run in milliseconds and give the same result every time. In a TypeScript project, tools such as Vitest or Jest together with React Testing Library are common choices.',
      'Unit tests catch mistakes early, while the code is still fresh in your mind and cheap to fix. They let you refactor with confidence, because a failing test tells you straight away if you have broken existing behaviour. They also act as documentation, showing how a piece of code is meant to be used and which edge cases it handles.',
      'Writing testable code tends to improve the design as well, because it pushes you towards small functions with clear inputs and outputs. Unit tests do not replace integration or end-to-end tests, but they form a fast and reliable base for them.',
    ],
  },
];
