// A path whose id names nothing reads as "Page not found" (idFromPath throws notFound, which the root's not-found
// page answers), and any other failure shows main.tsx's RouteErrorPage, the app's own full-screen state with Reload:
// never the router's bare "Something went wrong!" on a blank screen.
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  useParams,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { NotFoundPage } from '../../../src/features/shell/components/not-found-page'
import { ROUTE_ERROR_MESSAGE, RouteErrorPage } from '../../../src/features/shell/components/route-error-page'
import { idFromPath } from '../../../src/routes/-guards'

/** Shows the parsed id plus one: a number, not the path's text. */
function ClientPage() {
  const { userId } = useParams({ strict: false }) as { userId: number }
  return <p>client page {userId + 1}</p>
}

function renderAt(path: string) {
  const root = createRootRoute({ notFoundComponent: NotFoundPage })
  const client = createRoute({
    getParentRoute: () => root,
    path: '/clients/$userId',
    params: {
      parse: (raw) => ({ userId: idFromPath(raw.userId) }),
      stringify: (params) => ({ userId: String(params.userId) }),
    },
    component: ClientPage,
  })
  const broken = createRoute({
    getParentRoute: () => root,
    path: '/broken',
    component: () => {
      throw new Error('secret internals')
    },
  })
  const router = createRouter({
    routeTree: root.addChildren([client, broken]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteErrorPage,
  })
  return render(<RouterProvider router={router} />)
}

describe('a route that fails', () => {
  it('shows the client page for an id that can name a row', async () => {
    renderAt('/clients/12')
    expect(await screen.findByText('client page 13')).toBeInTheDocument()
  })

  it.each(['abc', '0', '99999999999'])('/clients/%s is a page that does not exist', async (id) => {
    renderAt(`/clients/${id}`)
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument()
  })

  it('any other failure: the full-screen state with Reload, and not the error text', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/broken')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText(ROUTE_ERROR_MESSAGE)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.queryByText(/secret internals/)).not.toBeInTheDocument()
    consoleError.mockRestore()
  })
})
