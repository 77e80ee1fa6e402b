/* global document */
// The benchmark's reference page (scripts/bench/lighthouse.ts): React 19 rendering a
// heading and a paragraph, built by Vite and served by the Solar server like the app.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement(
    'main',
    null,
    createElement('h1', null, 'Solar'),
    createElement('p', null, 'A bare React page, built and served the same way as the app.'),
  ),
);
