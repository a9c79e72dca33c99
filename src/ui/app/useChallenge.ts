// A shared challenge (src/ui/challenges): the link's `challenge=` decoded, the settings it locks
// or hides, and whether its builder is open.
import { useMemo, useState } from 'react';
import { decodeChallenge } from '../challenges/challenge';

export function useChallenge(encoded: string | null) {
  const challenge = useMemo(() => {
    const d = encoded === null ? null : decodeChallenge(encoded);
    return d && 'challenge' in d ? d.challenge : null;
  }, [encoded]);
  const locks = useMemo(
    () => ({
      locked: new Set(Object.keys(challenge?.locked ?? {})),
      hidden: new Set(Object.keys(challenge?.hidden ?? {})),
    }),
    [challenge],
  );
  const [builder, setBuilder] = useState(false);
  return { challenge, locks, builder, setBuilder };
}
