/** The id of the app's place for the service worker's notices (in the page's flow, under its
 * header): App renders it, UpdatePrompt fills it. */
export const NOTICE_SLOT = 'app-notices';
