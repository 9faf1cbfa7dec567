"""A person's preferences in the admin (superusers only: they belong to no community)."""
from django.contrib import admin

from .models import Preferences


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "language", "colour_blind", "high_contrast", "email_notifications", "browser_notifications", "updated_at"]
    list_filter = ["language", "colour_blind", "email_notifications"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
