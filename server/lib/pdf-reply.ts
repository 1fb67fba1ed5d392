import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF about one person or one batch (a letter, a nominative list, a stored decree): shown in
 * the browser (`inline`) or saved (`attachment`) under `filename`, kept by no cache (private,
 * no-store).
 */
export function sendPdf(
  reply: FastifyReply,
  bytes: Uint8Array,
  filename: string,
  disposition: 'inline' | 'attachment' = 'inline',
): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
