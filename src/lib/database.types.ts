export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      api_rate_limits: {
        Row: {
          endpoint: string
          last_request: string
          request_count: number
          user_id: string
        }
        Insert: {
          endpoint: string
          last_request?: string
          request_count?: number
          user_id?: string
        }
        Update: {
          endpoint?: string
          last_request?: string
          request_count?: number
          user_id?: string
        }
        Relationships: []
      }
      backups: {
        Row: {
          backup_id: string
          created_at: string
          item_count: number
          snapshot: NonNullable<Json>
          user_id: string
        }
        Insert: {
          backup_id?: string
          created_at?: string
          item_count?: number
          snapshot: NonNullable<Json>
          user_id?: string
        }
        Update: {
          backup_id?: string
          created_at?: string
          item_count?: number
          snapshot?: NonNullable<Json>
          user_id?: string
        }
        Relationships: []
      }
      dismissed_notifications: {
        Row: {
          dismissed_at: string
          id: string
          item_id: string | null
          notification_id: string
          user_id: string
        }
        Insert: {
          dismissed_at?: string
          id?: string
          item_id?: string | null
          notification_id: string
          user_id?: string
        }
        Update: {
          dismissed_at?: string
          id?: string
          item_id?: string | null
          notification_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "dismissed_notifications_item_fkey"
            columns: ["item_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_items"
            referencedColumns: ["item_id", "user_id"]
          },
        ]
      }
      ebay_inventory: {
        Row: {
          created_at: string
          fetched_at: string | null
          inventory: NonNullable<Json>
          source: string
          total_items: number
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          fetched_at?: string | null
          inventory?: NonNullable<Json>
          source?: string
          total_items?: number
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          fetched_at?: string | null
          inventory?: NonNullable<Json>
          source?: string
          total_items?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      ebay_processed_listings: {
        Row: {
          created_at: string
          display: boolean
          image_url: string | null
          listing_id: string
          quantity: number
          seen_at: string | null
          sku: string | null
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          display?: boolean
          image_url?: string | null
          listing_id: string
          quantity?: number
          seen_at?: string | null
          sku?: string | null
          title?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          display?: boolean
          image_url?: string | null
          listing_id?: string
          quantity?: number
          seen_at?: string | null
          sku?: string | null
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      ebay_syncs: {
        Row: {
          complete: boolean
          fetched: number
          items: NonNullable<Json>
          kind: string
          next_page: number
          phase: string
          started_at: string
          total_entries: number | null
          total_pages: number | null
          updated_at: string
          user_id: string
        }
        Insert: {
          complete?: boolean
          fetched?: number
          items?: NonNullable<Json>
          kind: string
          next_page?: number
          phase?: string
          started_at?: string
          total_entries?: number | null
          total_pages?: number | null
          updated_at?: string
          user_id: string
        }
        Update: {
          complete?: boolean
          fetched?: number
          items?: NonNullable<Json>
          kind?: string
          next_page?: number
          phase?: string
          started_at?: string
          total_entries?: number | null
          total_pages?: number | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      ebay_tokens: {
        Row: {
          access_token: string
          created_at: string
          expires_at: string | null
          refresh_expires_at: string | null
          refresh_token: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          access_token: string
          created_at?: string
          expires_at?: string | null
          refresh_expires_at?: string | null
          refresh_token?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          access_token?: string
          created_at?: string
          expires_at?: string | null
          refresh_expires_at?: string | null
          refresh_token?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      import_batches: {
        Row: {
          batch_no: number
          created_at: string
          import_id: string
          rows: NonNullable<Json>
          user_id: string
        }
        Insert: {
          batch_no: number
          created_at?: string
          import_id: string
          rows: NonNullable<Json>
          user_id?: string
        }
        Update: {
          batch_no?: number
          created_at?: string
          import_id?: string
          rows?: NonNullable<Json>
          user_id?: string
        }
        Relationships: []
      }
      plans: {
        Row: {
          display_name: string
          feature_barcode_scanning: boolean
          feature_listings: boolean
          feature_orders: boolean
          feature_restore_backup: boolean
          feature_view_3d: boolean
          max_items: number
          max_rooms: number
          max_units: number
          plan_id: string
          sort_order: number
        }
        Insert: {
          display_name: string
          feature_barcode_scanning: boolean
          feature_listings: boolean
          feature_orders: boolean
          feature_restore_backup: boolean
          feature_view_3d: boolean
          max_items: number
          max_rooms: number
          max_units: number
          plan_id: string
          sort_order: number
        }
        Update: {
          display_name?: string
          feature_barcode_scanning?: boolean
          feature_listings?: boolean
          feature_orders?: boolean
          feature_restore_backup?: boolean
          feature_view_3d?: boolean
          max_items?: number
          max_rooms?: number
          max_units?: number
          plan_id?: string
          sort_order?: number
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          email: string | null
          id: string
          plan_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          id: string
          plan_id?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          id?: string
          plan_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["plan_id"]
          },
        ]
      }
      storage_isles: {
        Row: {
          active: boolean
          created_at: string
          isle_id: string
          isle_index: number
          position_x: number
          position_z: number
          room_id: string
          rotation_y: number
          updated_at: string
          user_id: string
        }
        Insert: {
          active?: boolean
          created_at?: string
          isle_id?: string
          isle_index: number
          position_x?: number
          position_z?: number
          room_id: string
          rotation_y?: number
          updated_at?: string
          user_id?: string
        }
        Update: {
          active?: boolean
          created_at?: string
          isle_id?: string
          isle_index?: number
          position_x?: number
          position_z?: number
          room_id?: string
          rotation_y?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "storage_isles_room_fkey"
            columns: ["room_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_rooms"
            referencedColumns: ["room_id", "user_id"]
          },
        ]
      }
      storage_items: {
        Row: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          active?: boolean
          barcode?: string | null
          created_at?: string
          expiry_date?: string | null
          item_id?: string
          item_name: string
          price_paid?: number | null
          quantity?: number
          shelf_id?: string | null
          sku?: string | null
          unit_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          active?: boolean
          barcode?: string | null
          created_at?: string
          expiry_date?: string | null
          item_id?: string
          item_name?: string
          price_paid?: number | null
          quantity?: number
          shelf_id?: string | null
          sku?: string | null
          unit_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "storage_items_shelf_fkey"
            columns: ["shelf_id", "unit_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_shelves"
            referencedColumns: ["shelf_id", "unit_id", "user_id"]
          },
          {
            foreignKeyName: "storage_items_unit_fkey"
            columns: ["unit_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_units"
            referencedColumns: ["unit_id", "user_id"]
          },
        ]
      }
      storage_logs: {
        Row: {
          action: string
          details: string | null
          log_id: string
          timestamp: string
          user_email: string | null
          user_id: string
        }
        Insert: {
          action: string
          details?: string | null
          log_id?: string
          timestamp?: string
          user_email?: string | null
          user_id?: string
        }
        Update: {
          action?: string
          details?: string | null
          log_id?: string
          timestamp?: string
          user_email?: string | null
          user_id?: string
        }
        Relationships: []
      }
      storage_rooms: {
        Row: {
          active: boolean
          camera_position_x: number | null
          camera_position_y: number | null
          camera_position_z: number | null
          camera_target_x: number | null
          camera_target_y: number | null
          camera_target_z: number | null
          created_at: string
          room_id: string
          room_index: number
          room_name: string
          updated_at: string
          user_id: string
        }
        Insert: {
          active?: boolean
          camera_position_x?: number | null
          camera_position_y?: number | null
          camera_position_z?: number | null
          camera_target_x?: number | null
          camera_target_y?: number | null
          camera_target_z?: number | null
          created_at?: string
          room_id?: string
          room_index: number
          room_name: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          active?: boolean
          camera_position_x?: number | null
          camera_position_y?: number | null
          camera_position_z?: number | null
          camera_target_x?: number | null
          camera_target_y?: number | null
          camera_target_z?: number | null
          created_at?: string
          room_id?: string
          room_index?: number
          room_name?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      storage_shelves: {
        Row: {
          created_at: string
          shelf_id: string
          shelf_index: number
          unit_id: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          shelf_id?: string
          shelf_index: number
          unit_id: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          shelf_id?: string
          shelf_index?: number
          unit_id?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "storage_shelves_unit_fkey"
            columns: ["unit_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_units"
            referencedColumns: ["unit_id", "user_id"]
          },
        ]
      }
      storage_units: {
        Row: {
          active: boolean
          created_at: string
          isle_id: string
          naming_convention: string
          position3D: Json | null
          unit_id: string
          unit_index: number
          unit_name: string
          unit_type: string
          updated_at: string
          user_id: string
        }
        Insert: {
          active?: boolean
          created_at?: string
          isle_id: string
          naming_convention?: string
          position3D?: Json | null
          unit_id?: string
          unit_index: number
          unit_name: string
          unit_type?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          active?: boolean
          created_at?: string
          isle_id?: string
          naming_convention?: string
          position3D?: Json | null
          unit_id?: string
          unit_index?: number
          unit_name?: string
          unit_type?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "storage_units_isle_fkey"
            columns: ["isle_id", "user_id"]
            isOneToOne: false
            referencedRelation: "storage_isles"
            referencedColumns: ["isle_id", "user_id"]
          },
        ]
      }
      stripe_events: {
        Row: {
          event_id: string
          processed_at: string | null
          received_at: string
          type: string
        }
        Insert: {
          event_id: string
          processed_at?: string | null
          received_at?: string
          type: string
        }
        Update: {
          event_id?: string
          processed_at?: string | null
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      subscriptions: {
        Row: {
          cancel_at: string | null
          created_at: string
          deadline_date: string | null
          id: string
          overdue_date: string | null
          plan_id: string
          status: string
          stripe_customer_id: string | null
          stripe_subscription_id: string | null
          stripe_synced_at: string
          target_plan_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at?: string | null
          created_at?: string
          deadline_date?: string | null
          id?: string
          overdue_date?: string | null
          plan_id?: string
          status?: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          stripe_synced_at?: string
          target_plan_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          cancel_at?: string | null
          created_at?: string
          deadline_date?: string | null
          id?: string
          overdue_date?: string | null
          plan_id?: string
          status?: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          stripe_synced_at?: string
          target_plan_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_plan_id_fkey"
            columns: ["plan_id"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["plan_id"]
          },
          {
            foreignKeyName: "subscriptions_target_plan_id_fkey"
            columns: ["target_plan_id"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["plan_id"]
          },
        ]
      }
      user_preferences: {
        Row: {
          barcode_batch: boolean
          barcode_lookup: boolean
          created_at: string
          currency: string
          date_format: string
          drag_confirm: boolean
          ebay_country: string
          ebay_listings_date: number
          expiry_notifications: NonNullable<Json>
          floor_size: number
          storage_colors: NonNullable<Json>
          updated_at: string
          user_id: string
        }
        Insert: {
          barcode_batch?: boolean
          barcode_lookup?: boolean
          created_at?: string
          currency?: string
          date_format?: string
          drag_confirm?: boolean
          ebay_country?: string
          ebay_listings_date?: number
          expiry_notifications?: NonNullable<Json>
          floor_size?: number
          storage_colors?: NonNullable<Json>
          updated_at?: string
          user_id?: string
        }
        Update: {
          barcode_batch?: boolean
          barcode_lookup?: boolean
          created_at?: string
          currency?: string
          date_format?: string
          drag_confirm?: boolean
          ebay_country?: string
          ebay_listings_date?: number
          expiry_notifications?: NonNullable<Json>
          floor_size?: number
          storage_colors?: NonNullable<Json>
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_isle: {
        Args: {
          p_isle_index?: number
          p_position3d?: Json
          p_room_id: string
          p_unit_type?: string
        }
        Returns: Json
      }
      add_item: {
        Args: {
          p_barcode?: string
          p_expiry_date?: string
          p_item_name: string
          p_price_paid?: number
          p_quantity?: number
          p_shelf_id: string
          p_sku?: string
        }
        Returns: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_room: {
        Args: { p_room_name: string }
        Returns: {
          active: boolean
          camera_position_x: number | null
          camera_position_y: number | null
          camera_position_z: number | null
          camera_target_x: number | null
          camera_target_y: number | null
          camera_target_z: number | null
          created_at: string
          room_id: string
          room_index: number
          room_name: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_rooms"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_scanned_items: {
        Args: { p_items: Json; p_shelf_id: string }
        Returns: Json
      }
      add_shelf: {
        Args: { p_unit_id: string }
        Returns: {
          created_at: string
          shelf_id: string
          shelf_index: number
          unit_id: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_shelves"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_unit: {
        Args: { p_isle_id: string; p_position3d?: Json; p_unit_type?: string }
        Returns: {
          active: boolean
          created_at: string
          isle_id: string
          naming_convention: string
          position3D: Json | null
          unit_id: string
          unit_index: number
          unit_name: string
          unit_type: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_units"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      archive_excess_storage: { Args: { p_user_id: string }; Returns: Json }
      assign_barcodes: {
        Args: { p_item_ids: string[] }
        Returns: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "storage_items"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      commit_import: {
        Args: { p_batches: number; p_import_id: string }
        Returns: Json
      }
      create_backup: {
        Args: { p_user_id?: string }
        Returns: {
          backup_id: string
          created_at: string
          item_count: number
          snapshot: NonNullable<Json>
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "backups"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      create_daily_backups: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      discard_import: { Args: { p_import_id: string }; Returns: number }
      downgrade_overdue_account: { Args: { p_user_id: string }; Returns: Json }
      get_ebay_token: {
        Args: { p_purpose: string; p_user_id: string }
        Returns: {
          access_token: string
          expires_at: string
          refresh_token: string
        }[]
      }
      has_plan_feature: {
        Args: { p_feature: string; p_user_id?: string }
        Returns: boolean
      }
      hit_rate_limit: {
        Args: {
          p_endpoint: string
          p_min_interval_seconds: number
          p_user_id: string
        }
        Returns: {
          allowed: boolean
          last_request: string
          retry_after_seconds: number
        }[]
      }
      import_items: { Args: { p_rows: Json }; Returns: Json }
      move_items: {
        Args: { p_item_ids: string[]; p_shelf_id: string }
        Returns: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "storage_items"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      place_listing: {
        Args: { p_listing_id: string; p_quantity?: number; p_shelf_id: string }
        Returns: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      remove_excess_storage: { Args: { p_user_id: string }; Returns: Json }
      remove_isle: {
        Args: { p_isle_id: string }
        Returns: {
          active: boolean
          created_at: string
          isle_id: string
          isle_index: number
          position_x: number
          position_z: number
          room_id: string
          rotation_y: number
          updated_at: string
          user_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "storage_isles"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      remove_items: { Args: { p_item_ids: string[] }; Returns: number }
      remove_room: { Args: { p_room_id: string }; Returns: Json }
      remove_shelf: {
        Args: { p_shelf_id: string }
        Returns: {
          created_at: string
          shelf_id: string
          shelf_index: number
          unit_id: string
          updated_at: string
          user_id: string
        }[]
        SetofOptions: {
          from: "*"
          to: "storage_shelves"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      remove_unit: { Args: { p_unit_id: string }; Returns: Json }
      rename_unit: {
        Args: { p_unit_id: string; p_unit_name: string }
        Returns: {
          active: boolean
          created_at: string
          isle_id: string
          naming_convention: string
          position3D: Json | null
          unit_id: string
          unit_index: number
          unit_name: string
          unit_type: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_units"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      renumber_isle: {
        Args: { p_isle_id: string; p_isle_index: number }
        Returns: {
          active: boolean
          created_at: string
          isle_id: string
          isle_index: number
          position_x: number
          position_z: number
          room_id: string
          rotation_y: number
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_isles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      restore_backup: { Args: { p_backup_id: string }; Returns: Json }
      room_shelf_fill: {
        Args: { p_room_id: string }
        Returns: {
          item_count: number
          quantity: number
          shelf_id: string
        }[]
      }
      save_ebay_tokens: {
        Args: {
          p_access_token: string
          p_expires_at?: string
          p_refresh_token?: string
        }
        Returns: string
      }
      save_room_layout: {
        Args: {
          p_camera?: Json
          p_isles: Json
          p_room_id: string
          p_units?: Json
        }
        Returns: number
      }
      update_item: {
        Args: { p_changes: Json; p_item_id: string }
        Returns: {
          active: boolean
          barcode: string | null
          created_at: string
          expiry_date: string | null
          item_id: string
          item_name: string
          price_paid: number | null
          quantity: number
          shelf_id: string | null
          sku: string | null
          unit_id: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_items"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      update_room: {
        Args: { p_room_id: string; p_room_name: string }
        Returns: {
          active: boolean
          camera_position_x: number | null
          camera_position_y: number | null
          camera_position_z: number | null
          camera_target_x: number | null
          camera_target_y: number | null
          camera_target_z: number | null
          created_at: string
          room_id: string
          room_index: number
          room_name: string
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "storage_rooms"
          isOneToOne: true
          isSetofReturn: false
        }
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

