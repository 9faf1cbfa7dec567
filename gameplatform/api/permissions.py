"""Permission classes of the REST API."""
from __future__ import annotations

from rest_framework.permissions import BasePermission

from gameplatform.tenants.services import membership_require


class IsTenantMember(BasePermission):
    """The caller is a member of ``request.tenant`` (set by ``TenantMiddleware`` from the host).

    Calls ``tenants.services.membership_require``: in an open tenant a signed-in user becomes
    a ``player`` on first use; otherwise its ``ServiceError("not_member", ..., 403)`` propagates
    to the exception handler unchanged, so the body names the reason (suspended, invite-only).
    The membership is kept on ``request.membership``. Put it after ``IsAuthenticated`` so an
    anonymous caller gets 401 rather than 403.
    """

    def has_permission(self, request, view) -> bool:
        request.membership = membership_require(user=request.user, tenant=getattr(request, "tenant", None))
        return True
