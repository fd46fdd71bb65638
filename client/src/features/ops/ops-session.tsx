import { roleAtLeast, type Staff, type StaffRole } from "@kabuto/shared/api/ops";
import { createContext, useContext } from "react";

export interface StaffSession {
  staff: Staff;
  /** Signs out here and on the server, then shows the sign-in screen. */
  signOut: () => void;
}

/** The signed-in staff member, for every screen of the console behind the sign-in. */
export const StaffContext = createContext<StaffSession | null>(null);

export function useStaffSession(): StaffSession {
  const session = useContext(StaffContext);
  if (!session) throw new Error("useStaffSession outside the signed-in console");
  return session;
}

export function useStaff(): Staff {
  return useStaffSession().staff;
}

/** Whether the signed-in role may do what needs `role`; the server checks again on every call. */
export function useRoleAtLeast(role: StaffRole): boolean {
  return roleAtLeast(useStaff().role, role);
}
