// The back office's Staff online (decision 0036's presence-admin.online): two admins in two browsers each see the
// other arrive, and the one left sees the other go when its browser closes. Live, through the realtime hub.
import { expect, signedInContext, test } from './support/fixtures'
import { SECOND_ADMIN, startServerWithSecondAdmin } from './support/second-admin'
import { DEMO_ADMIN } from './support/server'

test('two admins see each other come online and go', async ({ newContext }) => {
  // A server of its own, started inside the test: its database gets the second admin first.
  test.setTimeout(180_000)
  const server = await startServerWithSecondAdmin()
  try {
    const firstContext = await signedInContext(newContext, server.url, DEMO_ADMIN)
    const first = await firstContext.newPage()
    await first.goto(`${server.url}/admin`)
    const firstList = first.getByTestId('staff-online')
    await expect(firstList.getByTestId('staff-online-member')).toHaveText([/Ada Admin\s*\(You\)/])

    const secondContext = await signedInContext(newContext, server.url, SECOND_ADMIN)
    const second = await secondContext.newPage()
    await second.goto(`${server.url}/admin`)
    const secondList = second.getByTestId('staff-online')
    await expect(secondList).toContainText('Ada Admin')
    await expect(secondList).toContainText(`${SECOND_ADMIN.name} (You)`)
    await expect(firstList).toContainText(SECOND_ADMIN.name)
    await expect(firstList.getByTestId('staff-online-member')).toHaveCount(2)

    await secondContext.close()
    await expect(firstList.getByTestId('staff-online-member')).toHaveCount(1)
    await expect(firstList).not.toContainText(SECOND_ADMIN.name)
  } finally {
    await server.dispose()
  }
})
