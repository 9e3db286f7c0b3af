import { grid } from 'styled-system/patterns'
import { AlertBox } from '../../../components/ui/alert-box'
import { Spinner } from '../../../components/ui/spinner'
import { useProfile } from '../api/get-profile'
import { AccountSection } from './account-section'
import { AvatarUpload } from './avatar-upload'
import { EmailChangeForm } from './email-change-form'
import { ProfileFormView } from './profile-form'
import { problemText } from './server-errors'
import { TryAgain } from './try-again'

/** /main/personal (decision 0020): picture, details, e-mail address. */
export function PersonalPage(props: { onUserChanged: () => void; now: Date }) {
  const profile = useProfile()
  if (profile.isPending) return <Spinner label="Loading your details" />
  if (profile.isError) {
    return (
      <AlertBox variant="destructive" description={problemText(profile.error)}>
        <TryAgain onClick={() => void profile.refetch()} />
      </AlertBox>
    )
  }
  const data = profile.data
  return (
    <div className={grid({ gap: '6', maxW: '56rem' })}>
      <AccountSection title="Picture">
        <AvatarUpload
          avatar={data.avatar}
          name={`${data.first_name} ${data.last_name}`}
          onChanged={props.onUserChanged}
        />
      </AccountSection>
      <AccountSection title="Details" description="As on your identity documents.">
        <ProfileFormView profile={data} onSaved={props.onUserChanged} now={props.now} />
      </AccountSection>
      <AccountSection title="Email address" description="Where we send sign-in alerts and password resets.">
        <EmailChangeForm email={data.email} pendingEmail={data.pending_email} />
      </AccountSection>
    </div>
  )
}
