/** ATM cell and AAL5 framing arithmetic. */

export const CELL_PAYLOAD = 48;
export const AAL5_TRAILER = 8;
/** RFC 2684 LLC/SNAP header per IP packet; VC-multiplexing adds none. */
export const LLC_SNAP = 8;
export const TCPIP_HEADERS = 40;

export type Encapsulation = 'llc' | 'vcmux';

/** Cells needed to carry an IP packet of `ipBytes` bytes: ceil((L + 8 + 8) / 48) with LLC/SNAP. */
export function cellsFor(ipBytes: number, encaps: Encapsulation = 'llc'): number {
  const overhead = AAL5_TRAILER + (encaps === 'llc' ? LLC_SNAP : 0);
  return Math.ceil((ipBytes + overhead) / CELL_PAYLOAD);
}

/** MSS from the MTU: MTU − 40 bytes of IP and TCP headers. */
export const mssFromMtu = (mtu: number): number => mtu - TCPIP_HEADERS;

/**
 * Goodput ceiling of a link of `cellsPerSecond`: C × 8 × MSS / cells(MSS + 40) bit/s.
 */
export function goodputCeiling(
  cellsPerSecond: number,
  mss: number,
  encaps: Encapsulation = 'llc',
): number {
  return (cellsPerSecond * 8 * mss) / cellsFor(mss + TCPIP_HEADERS, encaps);
}
