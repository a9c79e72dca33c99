/**
 * The five source papers, by the tags the help texts use (S0 … S4), so that every text that
 * cites "S1 §4" can say whose paper that is.
 */
export const PAPER_TAGS = ['S0', 'S1', 'S2', 'S3', 'S4'] as const;
export type PaperTag = (typeof PAPER_TAGS)[number];

export interface Paper {
  authors: string;
  title: string;
}

export const PAPERS: Record<PaperTag, Paper> = {
  S0: {
    authors: 'Jaussi, Lorang & Nelissen',
    title: 'A Detailed Experimental Performance Evaluation on TCP over UBR',
  },
  S1: {
    authors: 'Goyal, Jain et al. (Ohio State)',
    title: 'TCP over UBR: Issues to Study',
  },
  S2: {
    authors: 'Nakanishi, Ahmed, Ishibashi, Okabe & Kanazawa',
    title: 'Analysis of TCP Throughput Anomaly over Congested ATM Networks',
  },
  S3: {
    authors: 'Puangpronpitag, Kara & Djemame',
    title: 'A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP',
  },
  S4: {
    authors: 'Kim & Kim',
    title: 'An Enhanced UBR+ (EUBR+) Scheme to Improve the Performance of TCP-over-ATM',
  },
};

/** "S1: Goyal, Jain et al. (Ohio State), TCP over UBR: Issues to Study". */
export function citation(tag: PaperTag): string {
  return `${tag}: ${PAPERS[tag].authors}, ${PAPERS[tag].title}`;
}

/** The papers a text cites by tag ("S1 §4", "(S3)"), in tag order. */
export function papersCited(text: string): PaperTag[] {
  return PAPER_TAGS.filter((t) => new RegExp(`\\b${t}\\b`).test(text));
}
