import NIOSSL

/// The certificate and key `ohana serve` serves HTTPS with (`--tls-cert`, `--tls-key`).
public struct ServerTLS: Sendable {
    /// The PEM file of the certificate chain, the server's certificate first.
    public var certificateFile: String
    /// The PEM file of the private key.
    public var keyFile: String

    /// Serves HTTPS with these files.
    public init(certificateFile: String, keyFile: String) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }

    /// Throws when a file cannot be read as PEM (what serving would throw, before serving).
    public func validate() throws { _ = try configuration() }

    /// NIOSSL's server configuration; throws when a file cannot be read as PEM.
    func configuration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificateFile).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    }
}
