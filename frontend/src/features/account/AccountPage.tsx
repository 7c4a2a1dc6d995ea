import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { AccountEditForm } from './AccountEditForm';
import { AccountView } from './AccountView';
import { DevicePreferences } from './DevicePreferences';
import { useMe } from './useMe';
import './account.css';
import { SkeletonLines } from '../../components/Skeleton';

/** The account page (docs/product.md): header, the verification banner, then view or edit mode. */
export function AccountPage() {
  usePageTitle('Account');
  const token = useAuthStore((s) => s.token);
  const { data: user, error } = useMe();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (!token) return <LoginRequired title="Account" />;
  if (!user) return <section className="page card panel">{error ? <ErrorMessage>{errorText(error, MSG.fetchUserFailed)}</ErrorMessage> : <SkeletonLines count={3} />}</section>;

  const name = user.preferences.censorSensitiveInfo ? user.username : `${user.first_name} ${user.last_name}`;

  return (
    <div className="page stack account-page">
      <section className="card panel account-header">
        <Avatar picture={user.profile_picture} version={user.profile_picture_version} alt={`${user.username}'s photo`} size={96} className="account-header__photo" />
        <div className="account-header__who">
          <h1>{name}</h1>
          {user.verified ? <span className="badge badge--ok">Verified</span> : <span className="badge badge--pending">Not verified</span>}
        </div>
        <button type="button" className="btn btn--secondary account-header__settings" aria-pressed={editing} onClick={() => (setEditing((e) => !e), setSaved(false))}>
          {editing ? 'Cancel' : 'Settings'}
        </button>
      </section>
      {!user.verified && (
        <section className="card panel account-banner" role="note">
          <p>Verification is required to play ranked matches.</p>
          <Link to="/verification" className="btn btn--primary">
            Get Verified
          </Link>
        </section>
      )}
      {saved && !editing && <SuccessMessage>{MSG.accountSaved}</SuccessMessage>}
      {editing ? <AccountEditForm user={user} onSaved={() => (setEditing(false), setSaved(true))} /> : <AccountView user={user} />}
      <DevicePreferences />
    </div>
  );
}
