// "Copy link": the page's link copied (or shortened first, see share/links), and the message the
// header shows for a moment after.
import { useState } from 'react';
import { copyLinkTo } from '../share/links';

export function useCopyLink() {
  const [copied, setCopied] = useState<string | null>(null);
  const copyLink = async () => {
    let long = false;
    await copyLinkTo(window.location.search, (m) => {
      long = m !== 'Link copied';
      setCopied(m);
    });
    setTimeout(() => setCopied(null), long ? 6000 : 2500);
  };
  return { copied, copyLink };
}
