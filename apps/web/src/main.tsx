import { createRoot } from 'react-dom/client';
import { listenForPageViews } from './app/analytics-listener';
import { bootApp } from './app/boot';
import { App } from './app/providers';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const queryClient = createQueryClient();
const { brandKey } = bootApp({ location: window.location, doc: document, queryClient });
const router = createAppRouter({ queryClient });
listenForPageViews({ router, queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(<App queryClient={queryClient} router={router} brandKey={brandKey} />);
