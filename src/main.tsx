import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { UpdatePrompt } from './ui/pwa/UpdatePrompt';
import './ui/styles.css';

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
      <UpdatePrompt />
    </StrictMode>,
  );
}
