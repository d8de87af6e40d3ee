// The staff session moved to app/ so the case screens (features/casework) share it.
export { staffHttp, staffSession } from '../../app/staff-session.ts';
