import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { consumeLandingToken } from './app/auto-login';
import './lib/i18n';
import './styles/global.css';

// A `?token=` on the landing URL logs the visitor in before the first render (spec §2).
consumeLandingToken();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
