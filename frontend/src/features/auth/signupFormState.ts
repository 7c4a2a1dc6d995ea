import type { SignupForm } from '@gotnext/shared';

export const EMPTY_SIGNUP_FORM: SignupForm = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  username: '',
  password: '',
  confirmPassword: '',
  dateOfBirth: '',
  country: '',
  state: '',
  height: '',
  weight: '',
  bio: '',
  acceptTerms: false,
  acceptPrivacy: false,
};
