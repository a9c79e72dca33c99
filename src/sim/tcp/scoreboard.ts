/**
 * SACK scoreboard of a sender (RFC 6675 §2–4): SACKed byte ranges above the cumulative ACK,
 * kept as sorted, disjoint [start, end) pairs.
 */
export class Scoreboard {
  blocks: number[] = [];

  /** Merges the SACK blocks of an ACK and forgets everything below `una`. */
  update(sack: readonly number[] | null, una: number): void {
    if (sack) for (let i = 0; i < sack.length; i += 2) this.add(sack[i], sack[i + 1]);
    const b = this.blocks;
    if (b.length === 0) return;
    let drop = 0;
    while (drop < b.length && b[drop + 1] <= una) drop += 2;
    if (drop) b.splice(0, drop);
    if (b.length && b[0] < una) b[0] = una;
  }

  private add(s: number, e: number): void {
    if (e <= s) return;
    const b = this.blocks;
    let i = 0;
    while (i < b.length && b[i + 1] < s) i += 2;
    let j = i;
    while (j < b.length && b[j] <= e) {
      s = Math.min(s, b[j]);
      e = Math.max(e, b[j + 1]);
      j += 2;
    }
    // Replace blocks [i, j) by [s, e) in place (no splice: it allocates).
    const n = b.length;
    if (j === i) {
      b.push(0, 0);
      for (let k = n - 1; k >= i; k--) b[k + 2] = b[k];
    } else if (j > i + 2) {
      const shift = j - i - 2;
      for (let k = j; k < n; k++) b[k - shift] = b[k];
      b.length = n - shift;
    }
    b[i] = s;
    b[i + 1] = e;
  }

  /** Is [s, e) entirely SACKed? */
  isSacked(s: number, e: number): boolean {
    const b = this.blocks;
    for (let i = 0; i < b.length; i += 2) {
      if (b[i] <= s && e <= b[i + 1]) return true;
      if (b[i] >= e) break;
    }
    return false;
  }

  /** RFC 6675 IsLost(seq): at least `dupThresh` discontiguous SACKed blocks, or more than
   * (dupThresh − 1)·MSS SACKed bytes, lie above `seq`. */
  isLost(seq: number, mss: number, dupThresh: number): boolean {
    const b = this.blocks;
    let bytes = 0;
    let count = 0;
    for (let i = b.length - 2; i >= 0; i -= 2) {
      if (b[i + 1] <= seq) break;
      bytes += b[i + 1] - Math.max(b[i], seq);
      count++;
    }
    return count >= dupThresh || bytes > (dupThresh - 1) * mss;
  }

  get highest(): number {
    return this.blocks.length ? this.blocks[this.blocks.length - 1] : -1;
  }

  clear(): void {
    this.blocks.length = 0;
  }
}
