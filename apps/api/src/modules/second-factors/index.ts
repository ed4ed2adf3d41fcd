// What other modules and the app may use from `second-factors`: modules meet only through their index.ts (.dependency-cruiser.cjs).
export { acceptedStep, recoveryCodeHash } from './factor-codes.js';
export { createSecondFactorsRepository, enrolledFields, enrolledOf } from './second-factors.repository.js';
export { default as secondFactorsRoutes } from './second-factors.routes.js';
export { WEBAUTHN_CHALLENGE_TTL_MS } from './second-factors.service.js';
export { authenticationOptions, relyingParty, verifiedAssertion } from './webauthn.js';
