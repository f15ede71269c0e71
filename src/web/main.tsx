import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { suppressExpectedRejections } from './lib/unhandled-rejections';
import { queryClient } from './lib/query-client';
import { keepForOffline } from './pwa/offline-cache';
import { registerServiceWorker } from './pwa/register-service-worker';
import './styles.css';

suppressExpectedRejections(window);
registerServiceWorker();
keepForOffline(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
