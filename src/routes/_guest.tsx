import { createFileRoute, Outlet } from '@tanstack/react-router'
import { redirectSignedIn } from './-guards'

/** The registration pages: only for visitors who are not signed in (docs/product/site-and-gates.md#routes). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: redirectSignedIn,
  component: Outlet,
})
