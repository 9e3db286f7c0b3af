import { css } from 'styled-system/css'
import type { AdminClient } from '../../../domain/contract/clients'
import { formatDateTime } from '../../../domain/back-office/labels'
import { findCountry } from '../../../domain/registration/countries'
import { ClientStatusBadge, OnlineDot } from './client-status-badge'
import { DetailList } from '../../../components/ui/detail-list'

// Who the client is: contact details, account id, plan, status, and when they joined and last signed in.

/** A long address breaks after the @ rather than anywhere in the middle of a word. */
function EmailAddress(props: { email: string }) {
  const at = props.email.lastIndexOf('@')
  return (
    <a href={`mailto:${props.email}`} className={css({ _hover: { textDecoration: 'underline' } })}>
      {at > 0 ? (
        <>
          {props.email.slice(0, at + 1)}
          <wbr />
          {props.email.slice(at + 1)}
        </>
      ) : (
        props.email
      )}
    </a>
  )
}

export function ClientProfile(props: { client: AdminClient }) {
  const { client } = props
  return (
    <DetailList
      kind="record"
      rows={[
        { key: 'name', label: 'Name', value: client.name },
        { key: 'email', label: 'E-mail', value: <EmailAddress email={client.email} /> },
        { key: 'phone', label: 'Phone', value: client.phone ?? 'Not given' },
        {
          key: 'country',
          label: 'Country',
          value: client.country ? (findCountry(client.country)?.label ?? client.country) : 'Not given',
        },
        { key: 'account-id', label: 'Account ID', value: client.account_id },
        { key: 'status', label: 'Status', value: <ClientStatusBadge status={client.status} /> },
        {
          key: 'plan',
          label: 'Plan',
          value: client.account_type
            ? `${client.account_type.title} (1:${client.account_type.leverage})`
            : 'No plan',
        },
        { key: 'online', label: 'Presence', value: <OnlineDot online={client.is_online} /> },
        { key: 'created', label: 'Created', value: formatDateTime(client.created_at) },
        {
          key: 'last-sign-in',
          label: 'Last sign-in',
          value: client.last_sign_in_at ? formatDateTime(client.last_sign_in_at) : 'Never',
        },
      ]}
    />
  )
}
