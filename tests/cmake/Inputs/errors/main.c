int app_unused;
