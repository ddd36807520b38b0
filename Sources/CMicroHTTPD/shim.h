#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

// GNU libmicrohttpd (Debian's libmicrohttpd-dev), the HTTP server under `quiz serve`.
// Swift cannot call C variadic functions, so the three that are variadic get a fixed-argument
// wrapper here; everything else imports as is. The wrappers hold no logic of their own.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// What MHD_OPTION_UNESCAPE_CALLBACK takes (the header names no type for it): decodes `s` in
/// place and returns its new length.
typedef size_t (*quiz_mhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *s);

/// MHD_start_daemon with the callbacks that take two arguments (function and context) spelled
/// out, and every other option in `options` (an MHD_OPTION_END-terminated array).
static inline struct MHD_Daemon *quiz_mhd_start_daemon(
    unsigned int flags, uint16_t port, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    MHD_NotifyConnectionCallback connection, void *connection_context, quiz_mhd_unescape_callback unescape,
    MHD_LogCallback logger, void *logger_context, struct MHD_OptionItem *options) {
  // The logger first: libmicrohttpd logs the options before it to stderr (and says so).
  return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_context,
                          MHD_OPTION_EXTERNAL_LOGGER, logger, logger_context,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                          MHD_OPTION_NOTIFY_CONNECTION, connection, connection_context,
                          MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL, MHD_OPTION_ARRAY,
                          options, MHD_OPTION_END);
}

/// The port the daemon listens on (the one chosen when it was asked for port 0); 0 if unknown.
static inline uint16_t quiz_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// What the connection notification kept for the connection (its socket context), or NULL.
static inline void *quiz_mhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

/// The client's address of a connection, or NULL.
static inline const struct sockaddr *quiz_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The socket of a connection, or -1.
static inline int quiz_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// What a content reader returns to end a response normally, or to abort its connection.
static const ssize_t quiz_mhd_content_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t quiz_mhd_content_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
static const uint64_t quiz_mhd_size_unknown = MHD_SIZE_UNKNOWN;

/// poll()'s "the peer closed its end" (POLLRDHUP), which <poll.h> shows only to _GNU_SOURCE;
/// used to notice a client leaving a suspended connection.
static const short quiz_poll_peer_closed = 0x2000;

#endif
