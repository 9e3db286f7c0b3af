import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex, VisuallyHidden } from 'styled-system/jsx'
import { hstack, stack, visuallyHidden } from 'styled-system/patterns'
import { Badge } from '../../../components/ui/badge'
import { SearchField } from '../../../components/ui/search-field'
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
    <Box
      as="span"
      aria-hidden="true"
      data-testid="online-dot"
      data-online={props.online ? 'true' : 'false'}
      w="2.5"
      h="2.5"
      rounded="full"
      borderWidth="2px"
      borderColor="bg.surface"
      flexShrink={0}
      bg={props.online ? 'gain' : 'text.muted'}
      className={props.className}
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
        <Box as="span" position="relative" flexShrink={0}>
          <ChatAvatar src={user.avatar} fallback={initials(user)} size="md" />
          <OnlineDot
            online={user.is_online}
            className={css({ position: 'absolute', right: '0', bottom: '0' })}
          />
        </Box>
        <span className={stack({ flex: '1', minW: '0', gap: '0.5' })}>
          <span className={hstack({ gap: '2' })}>
            <Box as="span" fontWeight="medium" fontSize="sm" truncate>
              {user.name}
            </Box>
            <span className={visuallyHidden()}>{user.is_online ? ', online' : ', offline'}</span>
          </span>
          <Box as="span" fontSize="xs" color="text.muted" truncate>
            {user.account_id} · {user.email}
          </Box>
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
      <Box as="p" p="4" fontSize="sm" color="text.muted">
        {CHAT_MESSAGES.NO_USERS}
      </Box>
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
    <Flex flexDir="column" minH="0" h="full">
      <Box p="3" pb="2">
        <SearchField
          label="Search users"
          hideLabel
          placeholder="Search users"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Box>
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
          <Box as="p" role="alert" px="4" pt="3" fontSize="sm" color="danger">
            {CHAT_MESSAGES.USERS_FAILED}
          </Box>
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
    </Flex>
  )
}
