/** A worker thread of `npm run reproduce`: runs one claim scenario per message (the same
 * summary code as the app's Web Workers). */
import { parentPort } from 'node:worker_threads';
import type { RunRequest } from '../reproduce/summary';
import { summarise } from '../reproduce/summary';
import { serve } from './threads';

serve(parentPort!, (req: RunRequest) => summarise(req));
