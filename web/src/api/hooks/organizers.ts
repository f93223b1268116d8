import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizerKind, OrganizerOut, ToolOut } from '../../../../contract/organizers';
import { unwrap } from '../client';
import { organizerApi } from '../endpoints';

export type { OrganizerKind, OrganizerOut, ToolOut };

/** Categories and tags are plain organizers; tools also carry the household's on-hand flag. */
export type AnyOrganizer = OrganizerOut & Partial<Pick<ToolOut, 'onHand' | 'householdsWithTool'>>;

export const organizerKeys = {
  all: ['organizers'] as const,
  list: (kind: OrganizerKind) => ['organizers', kind, 'list'] as const,
  slug: (kind: OrganizerKind, slug: string) => ['organizers', kind, 'slug', slug] as const,
};

/** Every organizer of a kind, by name (GET /api/organizers/{kind}?perPage=-1). */
export function useOrganizers(kind: OrganizerKind, enabled = true) {
  return useQuery({
    queryKey: organizerKeys.list(kind),
    queryFn: async (): Promise<AnyOrganizer[]> => (await unwrap(organizerApi.list(kind))).items,
    enabled,
  });
}

/** One organizer by slug; a 404 is an error the page shows as 'not found'. */
export function useOrganizerBySlug(kind: OrganizerKind, slug: string) {
  return useQuery({
    queryKey: organizerKeys.slug(kind, slug),
    queryFn: async (): Promise<AnyOrganizer> => unwrap(organizerApi.bySlug(kind, slug)),
  });
}

export interface OrganizerSave {
  kind: OrganizerKind;
  id?: string;
  name: string;
  /** Tools only. */
  onHand?: boolean;
}

export function useOrganizerMutations() {
  const client = useQueryClient();
  // Renames change recipe lists' chips too, so recipe queries refresh with the organizers. Not awaited:
  // a page that renamed or deleted its own organizer moves on before its old address is refetched.
  const onSuccess = () => {
    void client.invalidateQueries({ queryKey: organizerKeys.all });
    void client.invalidateQueries({ queryKey: ['recipes'] });
  };
  return {
    save: useMutation({
      mutationFn: ({ kind, id, name, onHand }: OrganizerSave) => {
        const body = kind === 'tools' && onHand !== undefined ? { name, onHand } : { name };
        return unwrap(id ? organizerApi.update(kind, id, body) : organizerApi.create(kind, body));
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: ({ kind, id }: { kind: OrganizerKind; id: string }) => unwrap(organizerApi.remove(kind, id)),
      onSuccess,
    }),
  };
}
