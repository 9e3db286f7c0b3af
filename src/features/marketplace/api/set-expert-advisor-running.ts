// POST /expert_advisors/{id}/running: the automated trading panel's Running/Stopped switch of an owned advisor. The
// switch moves at once; a refusal puts it back.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ExpertAdvisorRunningResponseSchema, type Catalog } from '../../../domain/contract/catalog'
import { http } from '../../../lib/http'
import { catalogQueryKey } from './get-catalog'

export async function setExpertAdvisorRunning(input: { id: number; running: boolean }) {
  const body = await http.post(
    `/expert_advisors/${input.id}/running`,
    { running: input.running },
    { schema: ExpertAdvisorRunningResponseSchema },
  )
  return body
}

const withRunning = (catalog: Catalog | undefined, id: number, running: boolean) =>
  catalog && {
    ...catalog,
    expert_advisors: catalog.expert_advisors.map((advisor) =>
      advisor.id === id ? { ...advisor, running } : advisor,
    ),
  }

export function useSetExpertAdvisorRunning() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setExpertAdvisorRunning,
    onMutate: async ({ id, running }) => {
      await queryClient.cancelQueries({ queryKey: catalogQueryKey })
      const previous = queryClient.getQueryData<Catalog>(catalogQueryKey)
      queryClient.setQueryData<Catalog>(catalogQueryKey, (catalog) => withRunning(catalog, id, running))
      return { previous }
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(catalogQueryKey, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogQueryKey }),
  })
}
