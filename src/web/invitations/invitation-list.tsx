import { format } from 'date-fns';
import type { Invitation } from '@shared/invitation-schemas';

/** What the friend has yet to do before the sender's free month: confirm their address, save a first link. */
function stepsLeft(friend: NonNullable<Invitation['friend']>): string | null {
  const left = [!friend.emailConfirmed && 'confirm their email', !friend.savedALink && 'save their first link'].filter(Boolean);
  return left.length === 0 ? null : `Your free month comes once they ${left.join(' and ')}.`;
}

function statusLabel(invitation: Invitation, withRewards: boolean): string {
  if (invitation.status === 'used') {
    if (!withRewards) return 'Joined';
    if (invitation.rewardClaimed) return 'Joined: free month earned';
    const left = invitation.friend && stepsLeft(invitation.friend);
    return left ? `Joined. ${left}` : 'Joined';
  }
  if (invitation.status === 'expired') return 'Expired';
  return 'Invited';
}

/** The invitations sent, newest first, with each code and what became of it (and, with billing on, what the free month waits for). */
export function InvitationList({ invitations, withRewards }: { invitations: Invitation[]; withRewards: boolean }) {
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">You have not invited anyone yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Invitations you have sent</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Friend
          </th>
          <th scope="col" className="py-2 font-medium">
            Code
          </th>
          <th scope="col" className="py-2 font-medium">
            Sent
          </th>
          <th scope="col" className="py-2 font-medium">
            Status
          </th>
        </tr>
      </thead>
      <tbody>
        {invitations.map((invitation) => (
          <tr key={invitation.id} className="border-t border-border">
            <td className="py-2 pr-2 break-all">{invitation.recipientEmail}</td>
            <td className="py-2 pr-2 font-mono">{invitation.code}</td>
            <td className="py-2 pr-2">{format(new Date(invitation.createdAt), 'MMMM d, yyyy')}</td>
            <td className="py-2">{statusLabel(invitation, withRewards)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
