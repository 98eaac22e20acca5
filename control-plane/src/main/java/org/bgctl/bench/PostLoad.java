package org.bgctl.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.function.IntFunction;
import org.bgctl.clock.Lateness;

/**
 * HTTP/1.1 POSTs at a fixed rate over a pool of keep-alive connections, on one thread: a request is
 * sent on an idle connection (a new one while fewer than the pool's limit are open), one request per
 * connection at a time. Each request is timed from the instant it was due to be sent to the end of its
 * response, so time spent waiting for a connection or for this thread counts against the server.
 * Cheap per request, so that a load generator on the server's machine takes little from it.
 */
final class PostLoad {

    /** What a run did: the time taken to send every request, those answered with the expected status (timed), and failed. */
    record Result(double sendSeconds, Lateness.Stats answered, long failed) {
    }

    private static final long TIMEOUT_NANOS = 30_000_000_000L;

    private final InetSocketAddress address;
    private final String head;
    private final int expectedStatus;
    private final int maxConnections;
    private Lateness answered;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private final Deque<Request> waiting = new ArrayDeque<>();
    private final ByteBuffer in = ByteBuffer.allocate(64 * 1024);
    private Selector selector;
    private int open;
    private int inFlight;
    private long failed;

    private record Request(long due, byte[] bytes) {
    }

    /** One keep-alive connection and the response it is reading, if any. */
    private final class Connection {
        final SocketChannel channel;
        final SelectionKey key;
        ByteBuffer out;
        Request request;
        final StringBuilder response = new StringBuilder();
        int bodyStart = -1;
        int length;

        Connection() throws IOException {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.connect(address);
            key = channel.register(selector, SelectionKey.OP_CONNECT, this);
            open++;
        }
    }

    /**
     * @param url            where to POST
     * @param expectedStatus the status of a successful answer; any other counts as failed
     * @param maxConnections how many connections at most are open at once
     */
    PostLoad(URI url, int expectedStatus, int maxConnections) {
        this.address = new InetSocketAddress(url.getHost(), url.getPort());
        this.head = "POST " + url.getRawPath() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                + "\r\nContent-Type: application/json\r\nContent-Length: ";
        this.expectedStatus = expectedStatus;
        this.maxConnections = maxConnections;
    }

    /** Sends {@code total} requests, the i-th due at i / rate seconds with body {@code body.apply(i)}, and waits for all. */
    Result run(long total, double rate, IntFunction<String> body) throws IOException {
        selector = Selector.open();
        answered = new Lateness();
        failed = 0;
        long start = System.nanoTime();
        long next = 0;
        double sendSeconds = 0;
        long nextExpiry = start;
        while (next < total || inFlight > 0 || !waiting.isEmpty()) {
            long now = System.nanoTime();
            for (long due; next < total && (due = start + (long) (next * 1e9 / rate)) <= now; next++) {
                waiting.addLast(new Request(due, bytes(body.apply((int) next))));
                if (next == total - 1) sendSeconds = (System.nanoTime() - start) / 1e9;
            }
            dispatch();
            long until = next < total ? start + (long) (next * 1e9 / rate) - System.nanoTime() : 10_000_000;
            selector.select(Math.max(1, until / 1_000_000));
            for (SelectionKey key : selector.selectedKeys()) handle(key);
            selector.selectedKeys().clear();
            if (System.nanoTime() > nextExpiry) {
                nextExpiry = System.nanoTime() + 100_000_000;
                expire(System.nanoTime());
            }
        }
        for (Connection c : idle) c.channel.close();
        idle.clear();
        open = 0;
        selector.close();
        return new Result(sendSeconds, answered.stats(0), failed);
    }

    private byte[] bytes(String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        byte[] h = (head + b.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[h.length + b.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(b, 0, all, h.length, b.length);
        return all;
    }

    /** Puts waiting requests on idle connections, opening new ones up to the limit. */
    private void dispatch() throws IOException {
        while (!waiting.isEmpty()) {
            Connection c = idle.pollFirst();
            if (c == null) {
                if (open >= maxConnections) return;
                c = new Connection();
                c.request = waiting.pollFirst();
                inFlight++;
                continue;
            }
            c.request = waiting.pollFirst();
            inFlight++;
            try {
                send(c);
            } catch (IOException e) {
                fail(c);
            }
        }
    }

    private void send(Connection c) throws IOException {
        c.out = ByteBuffer.wrap(c.request.bytes());
        c.response.setLength(0);
        c.bodyStart = -1;
        c.channel.write(c.out);
        c.key.interestOps(c.out.hasRemaining() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    private void handle(SelectionKey key) {
        Connection c = (Connection) key.attachment();
        try {
            if (key.isConnectable()) {
                c.channel.finishConnect();
                send(c);
            } else if (key.isWritable()) {
                c.channel.write(c.out);
                if (!c.out.hasRemaining()) key.interestOps(SelectionKey.OP_READ);
            } else if (key.isReadable()) {
                read(c);
            }
        } catch (IOException e) {
            fail(c);
        }
    }

    private void read(Connection c) throws IOException {
        in.clear();
        int n = c.channel.read(in);
        if (n < 0) {
            fail(c);
            return;
        }
        c.response.append(new String(in.array(), 0, n, StandardCharsets.ISO_8859_1));
        if (c.bodyStart < 0) {
            int end = c.response.indexOf("\r\n\r\n");
            if (end < 0) return;
            c.bodyStart = end + 4;
            c.length = contentLength(c.response.substring(0, end));
            if (c.length < 0) {
                fail(c);
                return;
            }
        }
        if (c.response.length() < c.bodyStart + c.length) return;
        int status = Integer.parseInt(c.response.substring(9, 12));
        if (status == expectedStatus) answered.record(System.nanoTime() - c.request.due());
        else failed++;
        c.request = null;
        inFlight--;
        idle.addLast(c);
    }

    /** The response's Content-Length, or -1 when it has none (e.g. a chunked answer, which this client does not read). */
    private static int contentLength(String headers) {
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:"))
                return Integer.parseInt(line.substring("content-length:".length()).trim());
        }
        return -1;
    }

    /** Requests older than the timeout fail; their connections are closed. */
    private void expire(long now) {
        for (SelectionKey key : selector.keys()) {
            Connection c = (Connection) key.attachment();
            if (c.request != null && now - c.request.due() > TIMEOUT_NANOS) fail(c);
        }
        while (!waiting.isEmpty() && now - waiting.peekFirst().due() > TIMEOUT_NANOS) {
            waiting.pollFirst();
            failed++;
        }
    }

    private void fail(Connection c) {
        if (c.request != null) {
            failed++;
            inFlight--;
            c.request = null;
        }
        idle.remove(c);
        c.key.cancel();
        open--;
        try {
            c.channel.close();
        } catch (IOException ignored) {
            // closing a broken connection: nothing more to do
        }
    }
}
