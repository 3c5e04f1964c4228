/**
 * SVG → PNG with @resvg/resvg-js, rendered off the event loop (renderAsync) so a chart never stalls
 * Slack acks. Text uses the system's fonts (DejaVu Sans when present).
 */
import { renderAsync } from '@resvg/resvg-js';

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function renderChartPng(svg: string, signal?: AbortSignal): Promise<Buffer<ArrayBuffer>> {
  const image = await renderAsync(
    svg,
    {
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
      fitTo: { mode: 'original' },
      background: '#ffffff',
      logLevel: 'off',
    },
    signal ?? null,
  );
  // a copy on a plain ArrayBuffer (resvg's buffer may sit on a shared one); ~100 KB, negligible
  return Buffer.from(image.asPng());
}
