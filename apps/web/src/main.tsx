import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/global.css';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (root) {
  const start = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // A user who chose English gets it from the first paint; a failed download falls back to Chinese.
  i18nReady.then(start, start);
}
