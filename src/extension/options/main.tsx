import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OptionsApp } from './options-app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsApp />
  </StrictMode>,
);
