/**
 * The works the app cites, with their full bibliographic entries: the five source papers and
 * the works their claims, presets and keys rely on. REFERENCES.md in the repository root is the
 * same list for readers of the code; tests/unit/reproduce/references.test.ts keeps the two equal. Code,
 * claims and help texts cite these by author, title and section, never by a file path.
 */
export interface Reference {
  /** Short key, e.g. "S0", "RF95", "RFC6298". */
  key: string;
  /** The full entry: authors, title, venue, date. */
  entry: string;
  /** What the app uses it for. */
  use: string;
}

export const REFERENCES: readonly Reference[] = [
  {
    key: 'S0',
    entry:
      'Laurent Jaussi, Martin Lorang, Jordi Nelissen. "A Detailed Experimental Performance Evaluation on TCP over UBR." EPFL Lausanne, University of Stuttgart and Alcatel Alsthom Corporate Research Centre (testbed study of TCP over ATM UBR with PPD/EPD, c. 1998).',
    use: 'Source paper S0: the testbed figures 2–9 and the simulations of §5.',
  },
  {
    key: 'S1',
    entry:
      'Raj Jain, Rohit Goyal et al. "TCP over UBR: Issues to Study" (statement-of-work and result slides). The Ohio State University, undated (c. 1997–98).',
    use: 'Source paper S1: UBR+ drop policies (EPD, Selective Drop, FBA), TCP flavours, guaranteed rate, GFR/DFBA.',
  },
  {
    key: 'S2',
    entry:
      'Motoki Nakanishi, Ishtiaq Ahmed, Hayato Ishibashi, Yasuo Okabe, Masanori Kanazawa. "Analysis of TCP Throughput Anomaly over Congested ATM Networks." Journal of the Information Processing Society of Japan (IPSJ); first presented at the IPSJ SIGDSM DSM Symposium, February 2000.',
    use: 'Source paper S2: the CBR throughput deadlock (Fig. 3–8).',
  },
  {
    key: 'S3',
    entry:
      'S. Puangpronpitag, M. Kara, K. Djemame. "A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP." ATM-Multimedia Group, School of Computer Studies, University of Leeds (c. 2000).',
    use: 'Source paper S3: GFR tagging, two-threshold and per-VC buffer management, WFQ (YATS simulations).',
  },
  {
    key: 'S4',
    entry:
      'Chul Kim, Young-Tak Kim. "An Enhanced UBR+ (EUBR+) scheme to improve the performance of TCP-over-ATM." Korean journal paper no. 00469-1215, received 15 December 2000 (the venue is not named in the copy at hand).',
    use: 'Source paper S4: the EUBR+ recovery zone (OPNET simulations, Fig. 4–9).',
  },
  {
    key: 'RF95',
    entry:
      'Allyn Romanow, Sally Floyd. "Dynamics of TCP Traffic over ATM Networks." IEEE Journal on Selected Areas in Communications, vol. 13, no. 4, pp. 633–641, May 1995.',
    use: 'PPD and EPD; many TCPs over plain ATM get 10–30% of the link (cited by S0 as [2] and S2 as ref. 24); 0.1 ms timer granularity.',
  },
  {
    key: 'LNO96',
    entry:
      'T. V. Lakshman, Arnold Neidhardt, Teunis J. Ott. "The Drop from Front Strategy in TCP and in TCP over ATM." Proceedings of IEEE INFOCOM \'96, San Francisco, March 1996 (S0\'s ref. [6]).',
    use: 'The drop-from-front buffer policy (policy=drop-from-front, frame-aware) and the preset s0-drop-from-front.',
  },
  {
    key: 'GJ97',
    entry:
      'Rohit Goyal, Raj Jain et al. "Improving the Performance of TCP over the ATM-UBR Service." Proceedings of IEEE ICC\'97, Montreal, June 1997 (as S0 cites it, ref. [4]).',
    use: 'The study behind S1\'s "UBR + EPD + FBA" table (cited by S0 as [4]); S0 §3.1: [2] and [4] "typically simulate the system for 10 to 20 seconds", the source of the S1 presets\' 15 s run length.',
  },
  {
    key: 'AF97-0616',
    entry:
      'Rohit Goyal, Raj Jain et al. "TCP-SACK over UBR with per-VC accounting." ATM Forum contribution 97-0616, 1997 (as S1 names it).',
    use: "S1's SACK buffer result (0.5 × RTT buffers).",
  },
  {
    key: 'MG95',
    entry:
      'Kjersti Moldeklev, Per Gunningberg. "How a Large ATM MTU Causes Deadlocks in TCP Data Transfers." IEEE/ACM Transactions on Networking, vol. 3, no. 4, pp. 409–422, August 1995.',
    use: 'The send-buffer stop-and-go deadlock (S2 §2.3, refs. 21–22).',
  },
  {
    key: 'YATS',
    entry:
      "Matthias Baumann. \"YATS User's and Programmer's Manual for Version 0.3.\" Chair for Telecommunications, Dresden University of Technology, September 1997 (S3's [Bau97]); its source as kept in the luayats distribution (Herbert Leuwer), files src/muxdmx/mux.c and src/muxdmx/epdmux.c, functions mux::late and muxEPD::late.",
    use: 'S3\'s simulator: host processing, timers and ACK rule of TCPIPsend/TCPIPrec (manual §7.11), MuxEPD (§7.3.5), and the random order in which its multiplexers "process all arrivals in random order" within a slot.',
  },
  {
    key: 'RFC896',
    entry: 'John Nagle. "Congestion Control in IP/TCP Internetworks." RFC 896, January 1984.',
    use: "Nagle's algorithm.",
  },
  {
    key: 'RFC1122',
    entry:
      'R. Braden (ed.). "Requirements for Internet Hosts — Communication Layers." RFC 1122, October 1989.',
    use: 'Initial RTO of 3 s; delayed ACKs.',
  },
  {
    key: 'RFC1626',
    entry: 'R. Atkinson. "Default IP MTU for use over ATM AAL5." RFC 1626, May 1994.',
    use: 'The default MTU of 9180 bytes over AAL5 (S2, S4 presets).',
  },
  {
    key: 'RFC2018',
    entry:
      'M. Mathis, J. Mahdavi, S. Floyd, A. Romanow. "TCP Selective Acknowledgment Options." RFC 2018, October 1996.',
    use: 'SACK.',
  },
  {
    key: 'RFC2225',
    entry: 'M. Laubach, J. Halpern. "Classical IP and ARP over ATM." RFC 2225, April 1998.',
    use: 'Keeps the 9180-byte default MTU of RFC 1626.',
  },
  {
    key: 'RFC2684',
    entry:
      'D. Grossman, J. Heinanen. "Multiprotocol Encapsulation over ATM Adaptation Layer 5." RFC 2684, September 1999 (obsoletes RFC 1483, S0\'s [17]).',
    use: 'LLC/SNAP encapsulation overhead.',
  },
  {
    key: 'RFC5681',
    entry: 'M. Allman, V. Paxson, E. Blanton. "TCP Congestion Control." RFC 5681, September 2009.',
    use: 'Slow start, congestion avoidance, fast retransmit and recovery; ssthresh rule.',
  },
  {
    key: 'RFC6298',
    entry:
      'V. Paxson, M. Allman, J. Chu, M. Sargent. "Computing TCP\'s Retransmission Timer." RFC 6298, June 2011.',
    use: 'RTO = SRTT + max(G, 4·RTTVAR), 1 s minimum, back-off.',
  },
  {
    key: 'RFC6582',
    entry:
      'T. Henderson, S. Floyd, A. Gurtov, Y. Nishida. "The NewReno Modification to TCP\'s Fast Recovery Algorithm." RFC 6582, April 2012.',
    use: 'NewReno.',
  },
  {
    key: 'RFC6675',
    entry:
      'E. Blanton, M. Allman, L. Wang, I. Jarvinen, M. Kojo, Y. Nishida. "A Conservative Loss Recovery Algorithm Based on Selective Acknowledgment (SACK) for TCP." RFC 6675, August 2012.',
    use: 'SACK-based loss recovery.',
  },
  {
    key: 'Solaris26',
    entry:
      'Sun Microsystems. Solaris 2.6 (SunOS 5.6) TCP, source file tcp.c revision 1.156, 1997: retransmission timer defaults tcp_rexmit_interval_min and tcp_rexmit_interval_extra (200 ms each), 10 ms clock.',
    use: "The S0 testbed senders' timer (timerClock=oldest, rtoExtraMs, timeoutResend).",
  },
  {
    key: 'BSD',
    entry:
      'Gary R. Wright, W. Richard Stevens. "TCP/IP Illustrated, Volume 2: The Implementation." Addison-Wesley, 1995 (4.4BSD-Lite); FreeBSD 3.2 (1999), tcp_input.c and tcp_timer.c (tcp_xmit_timer).',
    use: 'BSD timers (500 ms tick, 1 s minimum RTO), the BSD RTO rule of the S2 presets, BSD ssthresh rule.',
  },
  {
    key: 'ATMF-TM41',
    entry:
      'ATM Forum Technical Committee. "Traffic Management Specification Version 4.1." af-tm-0121.000, March 1999.',
    use: "GFR, F-GCRA tagging, MCR (S3's [ATM99]).",
  },
];
