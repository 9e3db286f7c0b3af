import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ShellSideBar, ShellSiteName } from '../../../src/components/shell-frame'
import { expectNoA11yViolations } from './test-utils'

/** The side bar at '/somewhere', with the two areas' first pages to go to. */
async function renderAt(sideBar: ReactNode) {
  const root = createRootRoute({ component: Outlet })
  const page = (path: string, words: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{words}</p> })
  const here = createRoute({
    getParentRoute: () => root,
    path: '/somewhere',
    component: () => <ShellSideBar className="">{sideBar}</ShellSideBar>,
  })
  const router = createRouter({
    routeTree: root.addChildren([here, page('/admin', 'Admin home'), page('/main/dashboard', 'Dashboard')]),
    history: createMemoryHistory({ initialEntries: ['/somewhere'] }),
  })
  const view = render(<RouterProvider router={router} />)
  await screen.findByRole('complementary')
  return { ...view, router }
}

describe('ShellSiteName', () => {
  it('has no accessibility violations, with and without the area under it', async () => {
    const { container } = await renderAt(
      <>
        <ShellSiteName to="/admin" siteName="Acme Markets" area="Back office" />
        <ShellSiteName to="/main/dashboard" siteName="Acme Markets" />
      </>,
    )
    await expectNoA11yViolations(container)
  })

  it("links the site's name to the area's first page, by pointer and by keyboard", async () => {
    const { router, unmount } = await renderAt(<ShellSiteName to="/main/dashboard" siteName="Acme Markets" />)
    await userEvent.click(screen.getByRole('link', { name: 'Acme Markets' }))
    expect(await screen.findByText('Dashboard')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/main/dashboard')
    unmount()

    const again = await renderAt(<ShellSiteName to="/admin" siteName="Acme Markets" area="Back office" />)
    screen.getByRole('link', { name: 'Acme Markets' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Admin home')).toBeInTheDocument()
    expect(again.router.state.location.pathname).toBe('/admin')
  })

  it('says which area this is under the name only where it is given one', async () => {
    await renderAt(<ShellSiteName to="/admin" siteName="Acme Markets" area="Back office" />)
    const area = screen.getByText('Back office')
    expect(area.tagName).toBe('P')
    expect(screen.getByRole('link', { name: 'Acme Markets' }).nextElementSibling).toBe(area)
  })
})
