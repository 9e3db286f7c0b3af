import { Search } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { VisuallyHidden } from 'styled-system/jsx'
import { flex, hstack, stack, visuallyHidden } from 'styled-system/patterns'
import { Badge } from '../../../components/ui/badge'
import { Spinner } from '../../../components/ui/spinner'
import * as Tabs from '../../../components/ui/tabs'
import { toast } from '../../../components/ui/toast'
import {
  filterChatUsers,
  initials,
  USER_TAB_LABELS,
  USER_TABS,
  type UserTab,
} from '../../../domain/chat/users'
import { CHAT_MESSAGES } from '../../../domain/contract/chat'
import type { User } from '../../../domain/contract/user'
import { useChatUsers } from '../api/get-chat-users'
import { ChatAvatar } from './avatar'

const TAB_ORDER: UserTab[] = [USER_TABS.ALL, USER_TABS.ONLINE, USER_TABS.UNREAD]

export function OnlineDot(props: { online: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="online-dot"
      data-online={props.online ? 'true' : 'false'}
      className={cx(
        css({
          w: '2.5',
          h: '2.5',
          rounded: 'full',
          borderWidth: '2px',
          borderColor: 'bg.surface',
          flexShrink: 0,
        }),
        props.online ? css({ bg: 'gain' }) : css({ bg: 'text.muted' }),
        props.className,
      )}
    />
  )
}

function UserEntry(props: { user: User; selected: boolean; onSelect: () => void }) {
  const { user } = props
  return (
    <li>
      <button
        type="button"
        onClick={props.onSelect}
        aria-current={props.selected ? 'true' : undefined}
        data-testid="chat-user"
        data-user-id={user.id}
        className={hstack({
          w: 'full',
          gap: '3',
          px: '3',
          py: '2.5',
          textAlign: 'left',
          rounded: 'md',
          cursor: 'pointer',
          _hover: { bg: 'bg.hover' },
          '&[aria-current=true]': { bg: 'accent.subtle' },
          focusVisibleRing: 'inside',
        })}
      >
        <span className={css({ position: 'relative', flexShrink: 0 })}>
          <ChatAvatar src={user.avatar} fallback={initials(user)} size="md" />
          <OnlineDot
            online={user.is_online}
            className={css({ position: 'absolute', right: '0', bottom: '0' })}
          />
        </span>
        <span className={stack({ flex: '1', minW: '0', gap: '0.5' })}>
          <span className={hstack({ gap: '2' })}>
            <span className={css({ fontWeight: 'medium', fontSize: 'sm', truncate: true })}>{user.name}</span>
            <span className={visuallyHidden()}>{user.is_online ? ', online' : ', offline'}</span>
          </span>
          <span className={css({ fontSize: 'xs', color: 'text.muted', truncate: true })}>
            {user.account_id} · {user.email}
          </span>
        </span>
        {user.unread_count > 0 ? (
          <Badge tone="danger" data-testid="unread-badge">
            {user.unread_count}
            <VisuallyHidden as="span"> unread</VisuallyHidden>
          </Badge>
        ) : null}
      </button>
    </li>
  )
}

/**
 * docs/product/chat.md#admin-console: the console's users with a search box and the All / Online / Unread tabs,
 * refreshed every 30 s.
 */
export function ChatUserList(props: { selectedId: number | null; onSelect: (userId: number) => void }) {
  const users = useChatUsers()
  const [search, setSearch] = useState('')
  const [tab, setTab] = useState<UserTab>(USER_TABS.ALL)
  const searchId = useId()
  const visible = useMemo(() => filterChatUsers(users.data ?? [], search, tab), [users.data, search, tab])

  // docs/product/chat.md#admin-console: 'Failed to load users. Retrying...', once per failed attempt (the 30 s
  // refresh tries again).
  const { errorUpdatedAt, isError } = users
  useEffect(() => {
    if (isError) toast.error(CHAT_MESSAGES.USERS_FAILED, { id: 'chat-users-failed' })
  }, [isError, errorUpdatedAt])

  let list
  if (users.isPending) {
    list = (
      <p role="status" className={hstack({ gap: '2', p: '4', fontSize: 'sm', color: 'text.muted' })}>
        <Spinner size="sm" />
        {CHAT_MESSAGES.LOADING_USERS}
      </p>
    )
  } else if (visible.length === 0) {
    list = users.isError ? null : (
      <p className={css({ p: '4', fontSize: 'sm', color: 'text.muted' })}>{CHAT_MESSAGES.NO_USERS}</p>
    )
  } else {
    list = (
      <ul aria-label="Users" className={stack({ gap: '0.5', p: '2' })}>
        {visible.map((user) => (
          <UserEntry
            key={user.id}
            user={user}
            selected={user.id === props.selectedId}
            onSelect={() => props.onSelect(user.id)}
          />
        ))}
      </ul>
    )
  }

  return (
    <div className={flex({ flexDir: 'column', minH: '0', h: 'full' })}>
      <div className={css({ p: '3', pb: '2' })}>
        <label htmlFor={searchId} className={visuallyHidden()}>
          Search users
        </label>
        <div className={css({ position: 'relative' })}>
          <Search
            size={16}
            aria-hidden="true"
            className={css({
              position: 'absolute',
              left: '3',
              top: '50%',
              transform: 'translateY(-50%)',
              color: 'text.muted',
            })}
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder="Search users"
            autoComplete="off"
            className={css({
              w: 'full',
              h: '9',
              pl: '9',
              pr: '3',
              rounded: 'control',
              borderWidth: '1px',
              borderColor: 'border.control',
              bg: 'bg.app',
              fontSize: 'sm',
              _placeholder: { color: 'text.muted' },
              _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
            })}
          />
        </div>
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setTab(details.value as UserTab)}
        fitted
        className={css({ flex: '1', minH: '0' })}
      >
        <Tabs.List className={css({ px: '2' })}>
          {TAB_ORDER.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {USER_TAB_LABELS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {users.isError ? (
          <p role="alert" className={css({ px: '4', pt: '3', fontSize: 'sm', color: 'danger' })}>
            {CHAT_MESSAGES.USERS_FAILED}
          </p>
        ) : null}
        {TAB_ORDER.map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            className={css({ pt: '0', flex: '1', minH: '0', overflowY: 'auto' })}
          >
            {value === tab ? list : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  )
}
