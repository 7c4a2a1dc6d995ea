import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import {
  MSG,
  ROUTES,
  SIGNUP_STATE_OPTIONS,
  US,
  signupPayloadFromForm,
  validateSignupForm,
  type FieldErrors,
  type SignupForm,
  type SignupFormField,
  type SignupPayload,
} from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { CountryStateFields } from '../../components/CountryStateFields';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { OnboardingChecklist } from '../home/OnboardingChecklist';
import { LegalConsent } from './LegalConsent';
import { EMPTY_SIGNUP_FORM } from './signupFormState';

type TextField = Exclude<SignupFormField, 'acceptTerms' | 'acceptPrivacy'>;

export function SignupPage() {
  usePageTitle('Sign Up');
  const [form, setForm] = useState<SignupForm>(EMPTY_SIGNUP_FORM);
  // ?next= is carried on to the login link, so an invited player comes back to the invite (docs/product.md#sharing-a-match).
  const [query] = useSearchParams();
  const next = query.get('next');
  const loginPath = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const [errors, setErrors] = useState<FieldErrors<SignupFormField>>({});
  const login = useAuthStore((s) => s.login);
  const signup = useMutation({
    mutationFn: (body: SignupPayload) => call(ROUTES.signup, { body, fallback: MSG.signupFailed }),
    onSuccess: (res) => {
      setForm(EMPTY_SIGNUP_FORM);
      setErrors({});
      // The answer carries a session (docs/accounts.md#signup-rules): the new player is logged in
      // now and goes on from the "Get started" steps, or back to the invite that brought them.
      login(res.token, res.user_id);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.signup-next')?.focus());
    },
  });

  const update = <K extends SignupFormField>(field: K, value: SignupForm[K]) => {
    setForm((f) => {
      const next = { ...f, [field]: value };
      // A state only exists for the United States; another country must not carry one along.
      if (field === 'country' && value !== US) next.state = '';
      return next;
    });
    // Once the player edits a field, its old complaint no longer applies.
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const text = (field: TextField) => ({
    value: form[field],
    onChange: (e: { target: { value: string } }) => update(field, e.target.value),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateSignupForm(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      signup.reset();
      // On a phone the first problem may be far above the button: take the player there.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.form-grid [aria-invalid="true"]')?.focus());
      return;
    }
    signup.mutate(signupPayloadFromForm(form));
  }

  return (
    <section className="page card form-page form-page--wide">
      <h1>Sign Up</h1>
      <form onSubmit={onSubmit} noValidate className="form-grid">
        <FormField label="First Name" error={errors.firstName}>
          <input type="text" autoComplete="given-name" {...text('firstName')} />
        </FormField>
        <FormField label="Last Name" error={errors.lastName}>
          <input type="text" autoComplete="family-name" {...text('lastName')} />
        </FormField>
        <FormField label="Phone Number" error={errors.phoneNumber}>
          <input type="tel" autoComplete="tel" inputMode="tel" placeholder="+1 555 123 4567" {...text('phoneNumber')} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <input type="email" autoComplete="email" {...text('email')} />
        </FormField>
        <FormField label="Username" error={errors.username}>
          <input type="text" autoComplete="username" autoCapitalize="none" {...text('username')} />
        </FormField>
        <FormField label="Date of Birth" error={errors.dateOfBirth}>
          <input type="date" autoComplete="bday" {...text('dateOfBirth')} />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <input type="password" autoComplete="new-password" {...text('password')} />
        </FormField>
        <FormField label="Re-enter Password" error={errors.confirmPassword}>
          <input type="password" autoComplete="new-password" {...text('confirmPassword')} />
        </FormField>
        <div className="form-grid__full form-grid__pair">
          <CountryStateFields
            country={form.country}
            state={form.state}
            stateOptions={SIGNUP_STATE_OPTIONS}
            onCountryChange={(c) => update('country', c)}
            onStateChange={(s) => update('state', s)}
            placeholders
            errors={errors}
          />
        </div>
        <div className="form-grid__full form-grid__pair">
          <FormField label="Height" hint={`Optional, e.g. 6'1"`} error={errors.height}>
            <input type="text" placeholder={`6'1"`} {...text('height')} />
          </FormField>
          <FormField label="Weight" hint="Optional, e.g. 185 lbs" error={errors.weight}>
            <input type="text" placeholder="185 lbs" {...text('weight')} />
          </FormField>
        </div>
        <div className="form-grid__full">
          <FormField label="Bio" error={errors.bio}>
            <textarea rows={3} placeholder="Position, style of play, favourite court..." {...text('bio')} />
          </FormField>
        </div>
        <div className="form-grid__full">
          <LegalConsent
            acceptTerms={form.acceptTerms}
            acceptPrivacy={form.acceptPrivacy}
            termsError={errors.acceptTerms}
            privacyError={errors.acceptPrivacy}
            onChange={(field, value) => update(field, value)}
          />
          <ErrorMessage>{errorText(signup.error, MSG.signupFailed)}</ErrorMessage>
          <SuccessMessage>{signup.isSuccess ? MSG.signupSuccess : null}</SuccessMessage>
          {signup.isSuccess && (
            <div className="signup-next" tabIndex={-1}>
              {next && (
                <Link to={next} className="btn btn--primary btn--block">
                  Continue
                </Link>
              )}
              <OnboardingChecklist />
            </div>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={!form.acceptTerms || !form.acceptPrivacy || signup.isPending}>
            Sign Up
          </button>
          <p className="form-page__alt">
            Already have an account? <Link to={loginPath}>Login</Link>
          </p>
        </div>
      </form>
    </section>
  );
}
