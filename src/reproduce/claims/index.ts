/** The claims table: every published result of the five papers (types.ts), paper by paper. */
import type { Claim, PaperTag } from '../types';
import { S0_CLAIMS } from './s0';
import { S1_CLAIMS } from './s1';
import { S2_CLAIMS } from './s2';
import { S3_CLAIMS } from './s3';
import { S4_CLAIMS } from './s4';

export const CLAIMS: readonly Claim[] = [
  ...S0_CLAIMS,
  ...S1_CLAIMS,
  ...S2_CLAIMS,
  ...S3_CLAIMS,
  ...S4_CLAIMS,
];

export const CITATIONS: Record<PaperTag, string> = {
  S0: 'Jaussi, Lorang, Nelissen: A Detailed Experimental Performance Evaluation on TCP over UBR',
  S1: 'Jain, Goyal (Ohio State): TCP over UBR issues to study (slides)',
  S2: 'Nakanishi, Ahmed, Ishibashi, Okabe, Kanazawa: Analysis of TCP Throughput Anomaly over Congested ATM Networks',
  S3: 'Puangpronpitag, Kara, Djemame: A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP',
  S4: 'Kim & Kim: An Enhanced UBR+ (EUBR+) scheme to improve the performance of TCP-over-ATM',
};
