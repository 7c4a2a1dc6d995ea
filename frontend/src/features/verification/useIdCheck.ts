import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type IdDocumentType } from '@gotnext/shared';
import { call } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useLiveQuery } from '../../realtime/liveQuery';
import type { Selfie } from './SelfieShot';

/**
 * Where the player's ID check stands (GET /api/verify). Live: the verdict's notification makes the
 * socket bridge read it again; while the socket is down it is polled every 3 s.
 */
export function useIdCheckStatus(enabled: boolean) {
  return useLiveQuery({
    queryKey: queryKeys.idCheck(),
    queryFn: ({ signal }) => call(ROUTES.idCheckStatus, { fallback: MSG.fetchUserFailed, signal }),
    enabled,
  });
}

export interface IdShots {
  documentType: IdDocumentType;
  front: Blob;
  back: Blob | null;
  selfie: Selfie;
}

const file = (blob: Blob, name: string) => new File([blob], `${name}.jpg`, { type: 'image/jpeg' });

/** POST /api/verify with every shot (already downscaled by the shots themselves). */
export function useSubmitIdCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shots: IdShots) =>
      call(ROUTES.verifyId, {
        body: {
          document_type: shots.documentType,
          id_photo: file(shots.front, 'front'),
          ...(shots.back ? { id_back: file(shots.back, 'back') } : {}),
          selfie: file(shots.selfie[0], 'selfie'),
          selfie_turned: file(shots.selfie[1], 'selfie-turned'),
        },
        fallback: MSG.submitVerificationFailed,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.idCheck() }),
  });
}
