import { format } from 'date-fns';
import type { Invitation } from '@shared/invitation-schemas';

function statusLabel(invitation: Invitation): string {
  if (invitation.status === 'used') return invitation.rewardClaimed ? 'Joined: free month earned' : 'Joined';
  if (invitation.status === 'expired') return 'Expired';
  return 'Invited';
}

/** The invitations sent, newest first, with each code and what became of it. */
export function InvitationList({ invitations }: { invitations: Invitation[] }) {
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
            <td className="py-2">{statusLabel(invitation)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
