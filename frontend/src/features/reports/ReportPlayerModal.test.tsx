import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG, REPORT_REASONS, ROUTES } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ReportPlayerModal } from './ReportPlayerModal';

function openReport() {
  const api = mockApi().on(ROUTES.reportPlayer, { status: 201, body: { message: MSG.reportSubmitted } });
  const onClose = vi.fn();
  const view = renderPage(<ReportPlayerModal userId={9} username="sam" onClose={onClose} />, { as: { userId: 7 } });
  return { ...view, api, onClose, submit: () => view.user.click(screen.getByRole('button', { name: 'Submit Report' })) };
}

describe('Report Player', () => {
  it('offers the five reasons and asks for one before sending', async () => {
    const { api, submit } = openReport();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([...REPORT_REASONS]);
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a reason for the report.');
    expect(api.callsTo(ROUTES.reportPlayer)).toHaveLength(0);
  });

  it('shows the details box only for Other, and sends what the player wrote there', async () => {
    const { api, user, submit } = openReport();
    await user.click(screen.getByLabelText('Win Boosting'));
    expect(screen.queryByLabelText('Details')).toBeNull();
    await user.click(screen.getByLabelText('Other'));
    await user.type(screen.getByLabelText('Details'), ' Threw games on purpose. ');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.reportSubmitted);
    expect(api.callsTo(ROUTES.reportPlayer)[0].body).toEqual({ reported_user_id: 9, reason: 'Other', details: 'Threw games on purpose.', submitted_by: 7 });
  });

  it('sends no details for the other reasons, even if some were typed before switching', async () => {
    const { api, user, submit } = openReport();
    await user.click(screen.getByLabelText('Other'));
    await user.type(screen.getByLabelText('Details'), 'typed first');
    await user.click(screen.getByLabelText('Abusing Match Disputes'));
    await submit();
    await screen.findByRole('status');
    expect(api.callsTo(ROUTES.reportPlayer)[0].body).toMatchObject({ reason: 'Abusing Match Disputes', details: '' });
  });

  it('fails silently: the dialog closes and nothing is shown', async () => {
    const { api, user, submit, onClose } = openReport();
    api.on(ROUTES.reportPlayer, { status: 409, body: { message: MSG.reportDuplicate } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByLabelText('Win Boosting'));
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByText(MSG.reportDuplicate)).toBeNull();
  });
});
