/**
 * One export of a view in one format, and its download: the export code ExportMenu loads when
 * a format is chosen (it is not part of the first screen's script).
 */
import type { RunStore } from '../data/runStore';
import type { ExportFile, ExportFormat, ExportView } from './build';
import { MIME, dataFile, exportMeta, fileName, xplotFile } from './build';
import { viewToPng, viewToSvg } from './image';
import { imageCaption, viewLegend } from './legend';
import { VIEWS } from '../views/registry';

export { download } from './image';

export async function makeExport(
  store: RunStore,
  view: ExportView,
  format: ExportFormat,
  o: {
    selectedConn: number | undefined;
    pngScale: number;
    /** The view's root element (images only). */
    root: () => HTMLElement;
  },
): Promise<ExportFile> {
  const meta = exportMeta(store);
  if (format === 'csv' || format === 'json') {
    return dataFile(store, view, format, o.selectedConn, meta);
  }
  if (format === 'xplot') return xplotFile(store, o.selectedConn, meta);
  const caption = imageCaption(meta);
  const image = {
    title: `TCP-over-ATM Lab: ${VIEWS[view].title}`,
    description: caption,
    caption,
    legend: viewLegend(store, view, document.documentElement.dataset.theme === 'dark'),
  };
  const name = fileName(store, view, format);
  const root = o.root();
  if (format === 'svg') return { name, mime: MIME.svg, data: viewToSvg(root, image) };
  return { name, mime: MIME.png, data: await viewToPng(root, o.pngScale, image) };
}
