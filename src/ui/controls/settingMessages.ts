// Written by scripts/settingMessages.ts (`npm run i18n:extract`); do not edit. Only the
// catalogs' extraction reads it: the page takes these words from the model's schema.
export const SETTING_MESSAGES = [
  /*i18n*/ {
    id: 'setting.group.switch',
    message: 'Switch',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.group.tcp',
    message: 'TCP',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.group.links',
    message: 'Links',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.group.traffic',
    message: 'Traffic',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.group.topology',
    message: 'Topology',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.group.run',
    message: 'Run',
    comment:
      'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
  },
  /*i18n*/ {
    id: 'setting.sources',
    message: 'Sources (VCs)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `sources`. It means: Number of VCs into the switch; each carries one greedy TCP (S0 used 4), or tcpsPerVc TCPs merged at an edge switch.',
  },
  /*i18n*/ {
    id: 'setting.tcpsPerVc',
    message: 'TCPs per VC',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `tcpsPerVc`. It means: TCP connections merged onto each VC at an edge switch (S1's DFBA runs: 5 VCs of 10 or 20 TCPs). Their frames share the VC's access link (one frame after another); with topology=edge each TCP has its own access link into an edge switch that merges them.",
  },
  /*i18n*/ {
    id: 'setting.linkMbps',
    message: 'Bottleneck link rate',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `linkMbps`. It means: Cell rate of the switch output port, counting whole 53-byte cells: 37.44 Mbit/s = 88,302 cells/s (S0); 149.76 = OC-3c payload, 353,208 cells/s.',
  },
  /*i18n*/ {
    id: 'setting.accessMbps',
    message: 'Access link rate (PCR)',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `accessMbps`. It means: Each VC's link into the switch, its PCR: a frame's cells leave back-to-back at this rate. Per VC.",
  },
  /*i18n*/ {
    id: 'setting.rttMs',
    message: 'Round-trip propagation delay',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `rttMs`. It means: Propagation delay there and back (5 µs/km), excluding queueing and transmission. S1: LAN 0.03 ms, WAN 30 ms, GEO satellite 570 ms. (model choice) 0.5 ms for the S0 LAN. Per VC.',
  },
  /*i18n*/ {
    id: 'setting.start',
    message: 'Start time of each source',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `start`. It means: When the TCP sources of each VC start sending (S4 staggers them at 100, 110 and 120 s). Per VC.',
  },
  /*i18n*/ {
    id: 'setting.topology',
    message: 'Topology',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `topology`. It means: The network of switches. Every switch output port has its own buffer K, buffer policy, scheduler and per-VC accounting (X_i, N_a over the VCs that cross it); cells of damaged frames travel on and take capacity downstream. (model choice) CBR/VBR background is served at the bottleneck port only.',
  },
  /*i18n*/ {
    id: 'setting.hops',
    message: 'Switches in a row',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hops`. It means: Switches (output ports) on the path of a chain or parking lot. S4 §4 and S1: 3. Ignored by the single topology.',
  },
  /*i18n*/ {
    id: 'setting.bottleneckHop',
    message: 'Bottleneck switch',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `bottleneckHop`. It means: Which switch's output port runs at the bottleneck rate (0 = the first switch); -1 = the last, toward the receivers (S4 §4's congested link into the server; S1's 155 Mbit/s link into the destination switch). Chain and parking lot only.",
  },
  /*i18n*/ {
    id: 'setting.hopMbps',
    message: 'Rate of the other switches’ links',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hopMbps`. It means: Output rate of the switch ports other than the bottleneck, one value per hop (the list cycles; the bottleneck hop uses the bottleneck rate). S4 §4: 2 Mbit/s links around the 1.5 Mbit/s one; S1: 155 Mbit/s everywhere. Chain and parking lot; under edge, hop 0 is the edge switches’ output toward the core.',
  },
  /*i18n*/ {
    id: 'setting.hopDelayMs',
    message: 'Inter-switch delay',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hopDelayMs`. It means: One-way propagation of the link after each switch toward the next, one value per hop (the list cycles; 5 µs/km, so 0.005 ms = 1 km). Added to the round trip of every VC that crosses it (the ACKs return over the same distance). Chain and parking lot; under edge, hop 0 is the link from the edge switches to the core.',
  },
  /*i18n*/ {
    id: 'setting.entryHop',
    message: 'Entry switch (parking lot)',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `entryHop`. It means: The switch at which each VC joins a parking lot. 0 = the first: a long VC crossing every hop to the receivers behind the last switch; h ≥ 1 = a local VC that joins at switch h and leaves after that one hop (its receivers behind switch h's output link). -1 spreads VCs over the switches in turn (VC i → i mod hops; those with i mod hops = 0 are the long group), one local group per later hop as in the ATM Forum configuration. Per VC; parking lot only.",
  },
  /*i18n*/ {
    id: 'setting.portPolicy',
    message: 'Buffer policy of each switch',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `portPolicy`. It means: The buffer policy of each switch output port of a chain or parking lot, one per hop (0 = the first switch; the list cycles): 'same' (the default) uses the scenario's policy, so all ports are alike unless this is set. E.g. policy=fba&portPolicy=tail-drop,same,same: a plain UBR switch in front of FBA ones; S1's policies were compared with every switch alike, the mixed network is an experiment of this lab. The policies' parameters (thresholds, Z, R …) are the scenario's at every port. Chain and parking lot; under edge, hop 0 is the edge switches and hop 1 the core.",
  },
  /*i18n*/ {
    id: 'setting.mcr',
    message: 'Minimum cell rate (MCR)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `mcr`. It means: Minimum cell rate of each GFR VC in kcells/s (1 kcell/s = 0.384 Mbit/s of payload). Sets DFBA weights W_i = MCR_i/C, WFQ weights, F-GCRA tagging and FIFO thresholds. Per VC; 0 = none.',
  },
  /*i18n*/ {
    id: 'setting.tagged',
    message: 'Frames tagged CLP=1 at the source',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `tagged`. It means: Frames of this VC leave the source with CLP = 1 (S3's half-tagged runs use tagged=0,1). Per VC.",
  },
  /*i18n*/ {
    id: 'setting.bufferCells',
    message: 'Buffer size K',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `bufferCells`. It means: Cells the output port can hold. S0's 1088 cells is about one TCP window; S1's satellite runs use 200k and 600k.",
  },
  /*i18n*/ {
    id: 'setting.scheduler',
    message: 'Scheduler',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `scheduler`. It means: How the output port picks the next cell.',
  },
  /*i18n*/ {
    id: 'setting.arrivalOrder',
    message: 'Order of simultaneous cells',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `arrivalOrder`. It means: Order in which cells due in the same output slot enter the buffer; at a full buffer it decides which VC gets each freed place. S1 ran with every link at 155 Mbit/s and "all processing delay, delay variation = 0", so its cells from different sources arrive at the same instants and their order is its simulator\'s tie-break, which S1 does not state.',
  },
  /*i18n*/ {
    id: 'setting.policy',
    message: 'Buffer policy',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `policy`. It means: Buffer-acceptance rule applied when the first cell of an AAL5 frame arrives.',
  },
  /*i18n*/ {
    id: 'setting.epdThreshold',
    message: 'EPD threshold R',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `epdThreshold`. It means: Occupancy at which EPD refuses new frames. Give this or epdB, not both.',
  },
  /*i18n*/ {
    id: 'setting.epdB',
    message: 'EPD excess capacity b',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `epdB`. It means: S0 §3.2: R = K − b·MTU*, MTU* the largest frame in cells. b = 0 is PPD; b = 1 was best measured, b = 2 best simulated. Used when epdThreshold is not given (default b = 1).',
  },
  /*i18n*/ {
    id: 'setting.keepEom',
    message: 'Keep the last cell (EOM) of a discarded frame',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `keepEom`. It means: Forward the last (EOM) cell of a discarded frame so the receiver can delimit frames, as the ASX-200 does; it arrives as a short errored frame.',
  },
  /*i18n*/ {
    id: 'setting.sdZ',
    message: 'Selective Drop: load threshold Z',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `sdZ`. It means: Selective Drop refuses a frame of VC i when X > R and X_i·N_a/X > Z. S1: best Z = 0.8.',
  },
  /*i18n*/ {
    id: 'setting.sdR',
    message: 'Selective Drop: threshold R',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `sdR`. It means: Selective Drop acts only above R, as a fraction of K. S1: best R = 0.9 K.',
  },
  /*i18n*/ {
    id: 'setting.fbaZ',
    message: 'FBA: parameter Z',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `fbaZ`. It means: FBA refuses a frame when X > R and X_i·N_a/X > W(X) = Z·(K − R)/(X − R). S1: best Z = 0.8.',
  },
  /*i18n*/ {
    id: 'setting.fbaR',
    message: 'FBA: threshold R',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `fbaR`. It means: FBA acts only above R, as a fraction of K. S1: best R = 0.5 K.',
  },
  /*i18n*/ {
    id: 'setting.lbo',
    message: 'Low threshold LBO (tagged frames)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `lbo`. It means: Above LBO, CLP=1 (tagged) frames are refused (S3: 0.5 K).',
  },
  /*i18n*/ {
    id: 'setting.hbo',
    message: 'High threshold HBO (every frame)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hbo`. It means: Above HBO, every frame is refused (S3: 0.8 K).',
  },
  /*i18n*/ {
    id: 'setting.fifoR',
    message: 'Per-VC thresholds R_i',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `fifoR`. It means: Threshold of each VC in the FIFO (S1). Default R_i = K·MCR_i/PCR_i. Expected throughput_i = µ·R_i/ΣR. Per VC.',
  },
  /*i18n*/ {
    id: 'setting.dfbaL',
    message: 'DFBA low threshold L',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `dfbaL`. It means: Below L every frame is accepted. (model choice) 0.5 K.',
  },
  /*i18n*/ {
    id: 'setting.dfbaH',
    message: 'DFBA high threshold H',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `dfbaH`. It means: Above H every frame is refused. (model choice) 0.9 K.',
  },
  /*i18n*/ {
    id: 'setting.dfbaAlpha',
    message: 'DFBA: fairness weight α',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `dfbaAlpha`. It means: Weight of the fairness term against the efficiency term in the drop probability (S1: 0.5).',
  },
  /*i18n*/ {
    id: 'setting.dfbaZ',
    message: 'DFBA drop scale Z_i',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `dfbaZ`. It means: Scale of the drop probability per VC.',
  },
  /*i18n*/ {
    id: 'setting.eubrR',
    message: 'EUBR+ threshold R',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `eubrR`. It means: Below R every frame is accepted; above it the UBR+ test applies (S4: 0.5 K).',
  },
  /*i18n*/ {
    id: 'setting.eubrP',
    message: 'EUBR+ recovery limit P',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `eubrP`. It means: A damaged VC may use the recovery zone between R and P; above P every frame is refused (S4: 0.7 K).',
  },
  /*i18n*/ {
    id: 'setting.eubrGuardMs',
    message: 'EUBR+ guaranteed period',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `eubrGuardMs`. It means: How long a VC that lost a frame keeps access to the recovery zone. (model choice) default 2 × RTT, the RTT including the queueing delay of R cells.',
  },
  /*i18n*/ {
    id: 'setting.eubrTest',
    message: 'EUBR+ per-VC test',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `eubrTest`. It means: The per-VC test applied above R.',
  },
  /*i18n*/ {
    id: 'setting.eubrPurge',
    message: 'Purge partial frame',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `eubrPurge`. It means: When a cell of a frame being accepted is dropped, also remove the cells of that frame already in the buffer (S4 §III).',
  },
  /*i18n*/ {
    id: 'setting.wfqWeights',
    message: 'WFQ weights',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `wfqWeights`. It means: Weights φ_i of the WFQ scheduler; default the MCRs (equal weights when no MCR is set). Per VC.',
  },
  /*i18n*/ {
    id: 'setting.gfr',
    message: 'GFR policing at the switch (F-GCRA)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `gfr`. It means: Police each VC at the switch with F-GCRA(1/MCR, BT + CDVT): a frame beyond its MCR is tagged CLP=1 whole (or discarded); cells beyond MFS are discarded.',
  },
  /*i18n*/ {
    id: 'setting.gfrAction',
    message: 'GFR: frames beyond the MCR',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `gfrAction`. It means: What F-GCRA does to a frame that is not eligible for the MCR guarantee.',
  },
  /*i18n*/ {
    id: 'setting.mbs',
    message: 'Maximum burst size (MBS)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `mbs`. It means: Maximum burst size of F-GCRA: BT = (MBS − 1)(1/MCR − 1/PCR).',
  },
  /*i18n*/ {
    id: 'setting.mfs',
    message: 'Maximum frame size (MFS)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `mfs`. It means: Maximum frame size in cells; default the cells of one MTU. Used by F-GCRA and by per-VC thresholds.',
  },
  /*i18n*/ {
    id: 'setting.cdvtMs',
    message: 'Cell delay variation tolerance (CDVT)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `cdvtMs`. It means: Cell delay variation tolerance added to F-GCRA’s burst tolerance.',
  },
  /*i18n*/ {
    id: 'setting.mtu',
    message: 'Packet size (MTU)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `mtu`. It means: IP MTU; MSS = MTU − 40. 9180 is the ATM default (RFC 2225); S0 used 4352; S1 and S3 use 552 (MSS 512).',
  },
  /*i18n*/ {
    id: 'setting.encaps',
    message: 'Encapsulation',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `encaps`. It means: RFC 2684 encapsulation of IP in AAL5.',
  },
  /*i18n*/ {
    id: 'setting.window',
    message: 'Receive window (socket buffer)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `window`. It means: Receive socket buffer: the largest window a receiver advertises, so the largest a connection can use. S0: 52,224 bytes ≈ 1088 cells.',
  },
  /*i18n*/ {
    id: 'setting.sndBuf',
    message: 'Send buffer',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `sndBuf`. It means: Send socket buffer, refilled by a greedy application as ACKs free space; TCP sends only what it holds. 0: unlimited (the bulk source of S0 and S1). With Nagle and delayed ACKs, a buffer that holds only one full segment and a short rest gives Moldeklev & Gunningberg's stop-and-go deadlock (S2 §2.3): one segment per delayed-ACK tick. (Their deadlock needs a buffer that is not a multiple of the MSS; with this model's receiver, which ACKs every second segment, it appears below two full segments.)",
  },
  /*i18n*/ {
    id: 'setting.tcp',
    message: 'TCP variant',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `tcp`. It means: Congestion-control algorithm of the senders. Per VC.',
  },
  /*i18n*/ {
    id: 'setting.dupAck',
    message: 'Duplicate-ACK threshold',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `dupAck`. It means: Duplicate ACKs that trigger fast retransmit. S0 compared 1, 3 and 10 (10 means timeouts only).',
  },
  /*i18n*/ {
    id: 'setting.granularityMs',
    message: 'TCP clock tick G',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `granularityMs`. It means: Period of the free-running TCP clock: timeouts fire on its ticks and RTO ≥ SRTT + G. BSD 500 ms; S0 200 or 20 ms; S1 100 ms.',
  },
  /*i18n*/ {
    id: 'setting.rtoMinMs',
    message: 'Minimum RTO',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `rtoMinMs`. It means: Lower clamp of the retransmission timeout. RFC 6298 and BSD: 1000 ms. (model choice) 200 ms for the Solaris senders of S0.',
  },
  /*i18n*/ {
    id: 'setting.rtoInitialMs',
    message: 'Initial RTO',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `rtoInitialMs`. It means: RTO before the first RTT sample: 3 s (RFC 1122), or 1 s (RFC 6298).',
  },
  /*i18n*/ {
    id: 'setting.rtoExtraMs',
    message: 'Constant added to the RTO',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `rtoExtraMs`. It means: Constant added to every computed RTO: RTO = SRTT + max(G, 4·RTTVAR) + extra, then clamped to the minimum RTO. Solaris 2.6, the senders of S0 (tcp.c 1.156, tcp_rexmit_interval_extra), adds 200 ms by default, so in a LAN its RTO is about 200 ms + SRTT + 4·RTTVAR. 0 = RFC 6298.',
  },
  /*i18n*/ {
    id: 'setting.timerClock',
    message: 'Retransmission timer clock',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `timerClock`. It means: What the retransmission timer counts on. The clock decides whether connections that lost together also time out together: S1 found that "TCP synchronization affects performance".',
  },
  /*i18n*/ {
    id: 'setting.timeoutResend',
    message: 'Resend after a timeout',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `timeoutResend`. It means: What a sender retransmits after a timeout. Matters when several segments of one window were lost.',
  },
  /*i18n*/ {
    id: 'setting.rtoRule',
    message: 'Retransmission timeout (RTO) rule',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `rtoRule`. It means: How an RTT sample sets the retransmission timeout. S2 Fig. 6: the FreeBSD 3.2 sender retransmits 1.37 s after the last ACK with a 500 ms clock, which the BSD rule gives (3 ticks) and RFC 6298 alone does not (2 ticks, 0.5–1 s).',
  },
  /*i18n*/ {
    id: 'setting.ssthreshRule',
    message: 'Slow-start threshold after a loss',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `ssthreshRule`. It means: How a loss sets ssthresh.',
  },
  /*i18n*/ {
    id: 'setting.initialCwnd',
    message: 'Initial congestion window',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `initialCwnd`. It means: cwnd at start, in segments. 1 as in the papers; RFC 5681 allows up to 4 for small MSS.',
  },
  /*i18n*/ {
    id: 'setting.nagle',
    message: "Nagle's algorithm",
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `nagle`. It means: RFC 896: hold a short segment while any data is unacknowledged.',
  },
  /*i18n*/ {
    id: 'setting.idling',
    message: '"Idling" TCP (S0 §5.3)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `idling`. It means: The Solaris 2.5.1 behaviour S0 simulated: backoff reset only when all retransmitted data is acknowledged, cwnd frozen while a fast retransmission is outstanding, duplicate-ACK count kept across a timeout. Use with ack=stretch.',
  },
  /*i18n*/ {
    id: 'setting.cwndInteger',
    message: 'Integer cwnd arithmetic (S1 bug)',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `cwndInteger`. It means: Compute the congestion-avoidance increase MSS·MSS/cwnd in integers: it becomes 0 once cwnd > MSS², so cwnd freezes near MSS² (256 KB for MSS 512).',
  },
  /*i18n*/ {
    id: 'setting.cwndEveryN',
    message: 'cwnd fix: every N ACKs',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `cwndEveryN`. It means: S1's fix of the integer bug: add N·MSS²/cwnd once every N ACKs. 0 = off.",
  },
  /*i18n*/ {
    id: 'setting.sackDelayRtx',
    message: 'SACK: delay fast retransmit',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `sackDelayRtx`. It means: S1 task 7: wait RTT/2 after the third duplicate ACK before retransmitting (S1 found it does not help).',
  },
  /*i18n*/ {
    id: 'setting.hostJitterMs',
    message: 'Host delay jitter',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hostJitterMs`. It means: Per-packet host delay d·U(1, 1.1) before a segment reaches the NIC, each segment independently (segments handed over together still leave back-to-back). 0 = none. YATS processes segments one at a time instead: see hostProcMs.',
  },
  /*i18n*/ {
    id: 'setting.hostProcMs',
    message: 'Host processing per segment',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hostProcMs`. It means: The sending host processes its segments one at a time: each reaches the NIC d·U(1, 1.1) after the previous one, so a connection sends at most one segment per d whatever its window (0.3 ms with 12-cell frames: about 38 kcells/s, 13 Mbit/s of payload with MSS 512). YATS 0.3 user’s manual §7.11.1, TCPIPsend PROCTIM, default 0.3 ms: the TCP of S3’s simulations. 0 = none.',
  },
  /*i18n*/ {
    id: 'setting.hostQueuePkts',
    message: 'Host processing queue',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `hostQueuePkts`. It means: With host processing on, TCP hands the host new data only while fewer than this many segments wait to be processed; retransmissions always go in. YATS TCPIPsend OQWM, default 2 (manual §7.11.1).',
  },
  /*i18n*/ {
    id: 'setting.ack',
    message: 'ACK strategy',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `ack`. It means: When receivers acknowledge.',
  },
  /*i18n*/ {
    id: 'setting.delAckMs',
    message: 'Delayed-ACK tick',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `delAckMs`. It means: Period of the free-running delayed-ACK clock: BSD 200 ms; RFC 1122 allows up to 500 ms.',
  },
  /*i18n*/ {
    id: 'setting.stretchAckMs',
    message: 'Stretch-ACK timer',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `stretchAckMs`. It means: Delay of the Linux 2.0 ACK timer that merges pending ACKs (S0: about 4 ms).',
  },
  /*i18n*/ {
    id: 'setting.appReadMbps',
    message: 'Receiving application read rate',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `appReadMbps`. It means: How fast the receiving application empties the socket buffer; 0 reads at once. Unread data shrinks the advertised window (S2).',
  },
  /*i18n*/ {
    id: 'setting.cbrMbps',
    message: 'CBR background rate',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `cbrMbps`. It means: Constant-bit-rate cells (53-byte cells, Mbit/s) served with strict priority over UBR. S2 used 60 Mbit/s on OC-3.',
  },
  /*i18n*/ {
    id: 'setting.cbrSharesBuffer',
    message: 'CBR shares the UBR buffer',
    comment:
      "The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `cbrSharesBuffer`. It means: (model choice) CBR cells queue in the UBR buffer in arrival order instead of bypassing it, so they take part of K. Needed for the window boundaries of Moldeklev & Gunningberg's CBR staircase (S2).",
  },
  /*i18n*/ {
    id: 'setting.vbrMbps',
    message: 'VBR peak rate',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `vbrMbps`. It means: On/off VBR background with strict priority: cells at this rate during on periods. 0 = none.',
  },
  /*i18n*/ {
    id: 'setting.vbrOnMs',
    message: 'VBR mean on time',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `vbrOnMs`. It means: Mean of the exponentially distributed on periods.',
  },
  /*i18n*/ {
    id: 'setting.vbrOffMs',
    message: 'VBR mean off time',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `vbrOffMs`. It means: Mean of the exponentially distributed off periods.',
  },
  /*i18n*/ {
    id: 'setting.ubrShare',
    message: 'Link share kept for UBR g',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `ubrShare`. It means: Fraction of the link reserved for UBR against higher-priority traffic, by weighted round robin (S1: 10%). 0 = strict priority.',
  },
  /*i18n*/ {
    id: 'setting.duration',
    message: 'Duration',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `duration`. It means: Simulated time. S0 ran 180 s, S2 10 s.',
  },
  /*i18n*/ {
    id: 'setting.seed',
    message: 'Seed',
    comment:
      'The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is `seed`. It means: Seed of the random generator (host clock phases, DFBA draws, VBR periods). The same scenario and seed give identical runs.',
  },
];
