import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COURT_MSG, ROUTES, rooms, type AddCourtRequest, type CourtPageResponse, type CourtsQuery } from '@gotnext/shared';
import { call } from '../../api/client';
import { readAgain } from '../../api/readAgain';
import { onServerEvent, useLiveQuery, useRoom } from '../../realtime';

/*
 * The court reads and writes (docs/courts.md). A court's page is a live query: `court:changed` in
 * its room reads it again, and it polls every 3 s while the socket is down.
 */

export const courtKeys = {
  all: ['courts'] as const,
  list: (q: CourtsQuery) => ['courts', 'list', q] as const,
  page: (courtId: number) => ['courts', 'page', courtId] as const,
  code: (courtId: number) => ['courts', 'code', courtId] as const,
};

export function useCourtList(query: CourtsQuery | null) {
  return useQuery({
    queryKey: courtKeys.list(query ?? {}),
    queryFn: async ({ signal }) => (await call(ROUTES.courts, { query: query ?? {}, fallback: COURT_MSG.courtNotFound, signal })).courts,
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCourtPage(courtId: number) {
  return useLiveQuery({
    queryKey: courtKeys.page(courtId),
    queryFn: ({ signal }) => call(ROUTES.court, { params: { courtId }, fallback: COURT_MSG.courtNotFound, signal }),
  });
}

/** The host's code, read again as each 30 s step ends. */
export function useCourtCode(courtId: number, isHost: boolean) {
  const code = useQuery({
    queryKey: courtKeys.code(courtId),
    queryFn: ({ signal }) => call(ROUTES.courtCode, { params: { courtId }, fallback: COURT_MSG.notHost, signal }),
    enabled: isHost,
  });
  const client = useQueryClient();
  const left = code.data?.expires_in;
  useEffect(() => {
    if (!isHost || left === undefined) return;
    const timer = setTimeout(() => void readAgain(client, { queryKey: courtKeys.code(courtId) }), left * 1000 + 100);
    return () => clearTimeout(timer);
  }, [client, courtId, isHost, left, code.dataUpdatedAt]);
  return code;
}

/** The court's room while the page is open; the page follows its pushes, and a lobby push opens the match. */
export function useCourtLive(courtId: number) {
  const client = useQueryClient();
  const navigate = useNavigate();
  useRoom(rooms.court(courtId), () => void readAgain(client, { queryKey: courtKeys.page(courtId) }));
  useEffect(() => {
    const stops = [
      onServerEvent('court:changed', (e) => e.court_id === courtId && void readAgain(client, { queryKey: courtKeys.page(courtId) })),
      onServerEvent('court:called', (e) => e.court_id === courtId && void readAgain(client, { queryKey: courtKeys.page(courtId) })),
      onServerEvent('court:lobby', (e) => {
        if (e.court_id === courtId) void navigate(`/pregame/${e.match_id}`);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [client, courtId, navigate]);
}

/** One write on a court's run; the page is read again (or replaced by the answer) afterwards. */
export function useCourtAction<T, V = void>(courtId: number, run: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'court' in answer && 'queue' in answer) client.setQueryData(courtKeys.page(courtId), answer as unknown as CourtPageResponse);
      else void readAgain(client, { queryKey: courtKeys.page(courtId) });
    },
  });
}

export function useAddCourt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCourtRequest) => call(ROUTES.addCourt, { body, fallback: COURT_MSG.nameRequired }),
    onSuccess: () => void client.invalidateQueries({ queryKey: courtKeys.all }),
  });
}
