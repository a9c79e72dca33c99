import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder entry point; to be replaced by the real app.
function App() {
  return <h1>TCP-over-ATM Lab</h1>;
}

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Missing #root element');
}

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
