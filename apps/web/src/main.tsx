import { disableSchemaCompilation } from '@solar/domain';
import '@solar/ui/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

// No eval under the Content-Security-Policy (see packages/domain/src/schema-runtime.ts).
disableSchemaCompilation();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
