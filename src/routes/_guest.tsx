import { createFileRoute, Outlet } from '@tanstack/react-router'
import { redirectSignedIn } from './-guards'

/** The registration pages: only for visitors who are not signed in (spec 2.1). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: redirectSignedIn,
  component: Outlet,
})
