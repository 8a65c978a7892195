import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLiveConnectionWhenSignedIn } from './app/liveConnection';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

loadLiveConnectionWhenSignedIn();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
