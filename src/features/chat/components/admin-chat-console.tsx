import { IdCard, MessagesSquare, PanelRightClose, Users, X } from 'lucide-react'
import { useState, useSyncExternalStore, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Box, Flex } from 'styled-system/jsx'
import { hstack, wrap } from 'styled-system/patterns'
import { Button, IconButton } from '../../../components/ui/button'
import * as Dialog from '../../../components/ui/dialog'
import type { ChatConnection } from '../../../domain/chat/composer'
import { initials } from '../../../domain/chat/users'
import { CHAT_MESSAGES } from '../../../domain/contract/chat'
import { readCustomerPanelOpen, writeCustomerPanelOpen } from '../../../lib/customer-panel-preference'
import { useChatUsers } from '../api/get-chat-users'
import type { Conversation } from '../hooks/use-conversation'
import { ChatAvatar } from './avatar'
import { centredPaneStyles, ChatConversation } from './chat-conversation'
import { ChatUserList, OnlineDot } from './chat-user-list'
import { Text } from '../../../components/ui/text'

export interface AdminChatConsoleProps {
  selectedUserId: number | null
  onSelectUser: (userId: number) => void
  /** The selected customer's conversation (the route subscribes its channel). */
  conversation: Conversation
  connection: ChatConnection
  /** Connected / Reconnecting... / Disconnected (docs/product/chat.md#admin-console). */
  indicator: ReactNode
  signedIn: boolean
  /**
   * What to show about the selected customer beside the conversation (the back office's customer panel; the route
   * composes it, features do not import each other). A column from 1280 px, a sheet below.
   */
  customerPanel?: ReactNode
}

// From this width the customer panel is a column beside the conversation (open unless the admin closed it); below
// it the back office's menu, the user list and the conversation leave no room, so it opens as a sheet on demand.
const noCustomerPane = css(centredPaneStyles, { color: 'text.muted' })

const WIDE_QUERY = '(min-width: 1280px)'
const subscribeWide = (onChange: () => void) => {
  const query = globalThis.matchMedia?.(WIDE_QUERY)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}
// jsdom and very old browsers have no matchMedia: they get the desktop layout.
const isWideNow = () => globalThis.matchMedia?.(WIDE_QUERY).matches ?? true

const CUSTOMER_PANEL_COLUMN_ID = 'customer-panel-column'

/**
 * docs/product/chat.md#admin-console: the admin chat console. The user list beside the conversation, or in a drawer
 * below 768 px; the customer panel (decision 0017) in a collapsible column from 1280 px, or a sheet below.
 */
export function AdminChatConsole(props: AdminChatConsoleProps) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const wide = useSyncExternalStore(subscribeWide, isWideNow, () => true)
  const [columnOpen, setColumnOpen] = useState(readCustomerPanelOpen)
  const [sheetOpen, setSheetOpen] = useState(false)
  const hasPanel = props.customerPanel !== undefined && props.customerPanel !== null
  const panelAvailable = hasPanel && props.selectedUserId !== null
  const setColumn = (open: boolean) => {
    setColumnOpen(open)
    writeCustomerPanelOpen(open)
  }
  const togglePanel = () => (wide ? setColumn(!columnOpen) : setSheetOpen(true))
  const users = useChatUsers()
  const selected = users.data?.find((user) => user.id === props.selectedUserId) ?? null
  const select = (userId: number) => {
    setDrawerOpen(false)
    props.onSelectUser(userId)
  }

  return (
    <Flex flex="1" minH="0">
      <Box
        as="aside"
        aria-label="Users"
        display={{ base: 'none', md: 'flex' }}
        flexDir="column"
        w="80"
        flexShrink={0}
        borderRightWidth="1px"
        borderColor="border.default"
        bg="bg.surface"
        minH="0"
      >
        <ChatUserList selectedId={props.selectedUserId} onSelect={select} />
      </Box>

      <Flex as="section" aria-label="Conversation" flex="1" minW="0" minH="0" flexDir="column" bg="bg.app">
        <header
          className={hstack({
            gap: '3',
            px: { base: '3', md: '4' },
            py: '2.5',
            minH: '14',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
            bg: 'bg.surface',
          })}
        >
          <IconButton
            aria-label="Show users"
            className={css({ display: { base: 'inline-flex', md: 'none' } })}
            onClick={() => setDrawerOpen(true)}
          >
            <Users aria-hidden="true" />
          </IconButton>
          {props.selectedUserId !== null ? (
            <div className={hstack({ gap: '3', minW: '0', flex: '1' })}>
              {selected ? <ChatAvatar src={selected.avatar} fallback={initials(selected)} size="md" /> : null}
              <Box minW="0">
                <Box as="h2" data-testid="chat-peer-name" fontWeight="semibold" truncate>
                  {selected?.name ?? `Customer ${props.selectedUserId}`}
                </Box>
                {selected ? (
                  <p
                    className={wrap({
                      alignItems: 'center',
                      gap: '1.5',
                      fontSize: 'xs',
                      color: 'text.muted',
                    })}
                  >
                    <OnlineDot online={selected.is_online} />
                    <span data-testid="chat-peer-status">{selected.is_online ? 'Online' : 'Offline'}</span>
                    <span aria-hidden="true">·</span>
                    <span>{selected.account_id}</span>
                  </p>
                ) : null}
              </Box>
            </div>
          ) : (
            <Box as="h2" flex="1" fontWeight="semibold">
              Support chat
            </Box>
          )}
          <Box flexShrink={0}>{props.indicator}</Box>
          {panelAvailable ? (
            <Button
              variant="outline"
              size="sm"
              aria-label="Customer details"
              aria-expanded={wide ? columnOpen : sheetOpen}
              aria-controls={wide && columnOpen ? CUSTOMER_PANEL_COLUMN_ID : undefined}
              aria-haspopup={wide ? undefined : 'dialog'}
              title="Customer details"
              data-testid="customer-panel-toggle"
              onClick={togglePanel}
              className={css({
                flexShrink: 0,
                px: { base: '2', '2xl': '3' },
                '&[aria-expanded=true]': { bg: 'accent.subtle', borderColor: 'accent.border' },
              })}
            >
              <IdCard aria-hidden="true" />
              {/* The conversation is at its narrowest beside the column: the words only where there is room. */}
              <Box as="span" display={{ base: 'none', '2xl': 'inline' }}>
                Customer details
              </Box>
            </Button>
          ) : null}
        </header>

        {props.selectedUserId === null ? (
          <div className={noCustomerPane}>
            <MessagesSquare size={40} aria-hidden="true" />
            <Text size="md" tone="default">
              {CHAT_MESSAGES.SELECT_USER}
            </Text>
            <Button
              variant="outline"
              size="sm"
              className={css({ display: { base: 'inline-flex', md: 'none' } })}
              onClick={() => setDrawerOpen(true)}
            >
              <Users aria-hidden="true" />
              Show users
            </Button>
          </div>
        ) : (
          <ChatConversation
            key={props.selectedUserId}
            conversation={props.conversation}
            connection={props.connection}
            signedIn={props.signedIn}
            emptyHint="Send a message to start a conversation with this customer."
          />
        )}
      </Flex>

      {panelAvailable && wide && columnOpen ? (
        <Flex
          id={CUSTOMER_PANEL_COLUMN_ID}
          data-testid="customer-panel-column"
          flexDir="column"
          w={{ base: '20rem', '2xl': '24rem' }}
          flexShrink={0}
          minH="0"
          borderLeftWidth="1px"
          borderColor="border.default"
          bg="bg.surface"
        >
          <div
            className={hstack({
              gap: '2',
              minH: '14',
              pl: '4',
              pr: '2',
              flexShrink: 0,
              borderBottomWidth: '1px',
              borderColor: 'border.default',
            })}
          >
            <Box as="h2" flex="1" fontWeight="semibold" fontSize="sm">
              Customer details
            </Box>
            <IconButton aria-label="Hide customer details" size="sm" onClick={() => setColumn(false)}>
              <PanelRightClose aria-hidden="true" />
            </IconButton>
          </div>
          <Box flex="1" minH="0" overflowY="auto" overscrollBehavior="contain">
            {props.customerPanel}
          </Box>
        </Flex>
      ) : null}

      <Dialog.Root
        lazyMount
        unmountOnExit
        open={panelAvailable && !wide && sheetOpen}
        onOpenChange={(details) => setSheetOpen(details.open)}
      >
        <Dialog.Backdrop />
        <Dialog.Positioner
          className={css({
            justifyContent: { md: 'flex-end' },
            alignItems: { md: 'stretch' },
            p: { md: '0' },
          })}
        >
          <Dialog.Content
            data-testid="customer-panel-sheet"
            className={css({
              w: { base: 'full', md: '26rem' },
              maxW: { md: '90vw' },
              h: { md: '100dvh' },
              maxH: { base: '92dvh', md: '100dvh' },
              p: '0',
              pb: { base: 'env(safe-area-inset-bottom)', md: '0' },
              gap: '0',
              rounded: { md: '0' },
            })}
          >
            <div
              className={hstack({
                position: 'sticky',
                top: '0',
                zIndex: '1',
                gap: '2',
                pl: '4',
                pr: '2',
                py: '2',
                bg: 'bg.overlay',
                borderBottomWidth: '1px',
                borderColor: 'border.default',
              })}
            >
              <Dialog.Title className={css({ flex: '1', fontSize: 'md' })}>Customer details</Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <IconButton aria-label="Close customer details">
                  <X aria-hidden="true" />
                </IconButton>
              </Dialog.CloseTrigger>
            </div>
            {props.customerPanel}
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>

      <Dialog.Root
        lazyMount
        unmountOnExit
        open={drawerOpen}
        onOpenChange={(details) => setDrawerOpen(details.open)}
      >
        <Dialog.Backdrop />
        <Dialog.Positioner className={css({ justifyContent: 'flex-start', alignItems: 'stretch', p: '0' })}>
          <Dialog.Content
            className={css({
              w: '80',
              maxW: '88vw',
              h: '100dvh',
              maxH: '100dvh',
              rounded: '0',
              p: '0',
              gap: '0',
            })}
          >
            <Flex alignItems="center" px="3" pt="3">
              <Dialog.Title className={css({ flex: '1', fontWeight: 'bold' })}>Users</Dialog.Title>
              <Dialog.CloseTrigger asChild>
                <IconButton aria-label="Close users">
                  <X aria-hidden="true" />
                </IconButton>
              </Dialog.CloseTrigger>
            </Flex>
            <Flex flex="1" minH="0" flexDir="column">
              <ChatUserList selectedId={props.selectedUserId} onSelect={select} />
            </Flex>
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </Flex>
  )
}
