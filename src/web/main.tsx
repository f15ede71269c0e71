import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { suppressExpectedRejections } from './lib/unhandled-rejections';
import './styles.css';

suppressExpectedRejections(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
