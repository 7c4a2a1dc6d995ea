import { useEffect, useState } from 'react';
import { MSG, type UserProfile } from '@gotnext/shared';
import { errorMessage } from '../../api/client';
import { statsApi } from './statsApi';

export function useProfile(userId: number | null) {
  const [profile, setProfile] = useState<UserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let alive = true;
    setProfile(null);
    statsApi.profile(userId).then(
      (p) => alive && setProfile(p),
      (err) => alive && setError(errorMessage(err, MSG.profileError)),
    );
    return () => {
      alive = false;
    };
  }, [userId]);
  return { profile, error };
}
